"""The rules of Five Hundred: contracts, rule-set presets, scoring one hand, judging a game to 500.

Pure Python on purpose: no Django import, no database, no I/O. Everything here takes plain values
and returns plain values, so the same engine scores a hand in a service, a management command, a
test or a benchmark. Sources: ../shared/RULES.md and the texts in ../shared/seeds/.

Where a source is ambiguous the reading is a named field of RuleSet (see AMBIGUOUS_FIELDS), so an
event can see it and override it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace

from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import (
    DEFAULT_LANGUAGE,
    PENALTY_KINDS,
    SCORING_PENALTIES,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    gettext_noop,
)

SUITS = ("S", "C", "D", "H", "NT")
SUIT_NAMES = {"S": gettext_noop("Spades"), "C": gettext_noop("Clubs"), "D": gettext_noop("Diamonds"),
              "H": gettext_noop("Hearts"), "NT": gettext_noop("No Trump")}
TRICKS_PER_HAND = 10
POINTS_PER_TRICK = 10
SLAM_MINIMUM = 250  # all ten tricks score max(value, 250): McAllen K and every other source

# Special contracts: what they are called and where they rank in the bidding (a number on the
# same scale as the Avondale values, so one comparison orders every bid).
SPECIAL_NAMES = {
    "MIS": gettext_noop("Misère"),
    "OMIS": gettext_noop("Open misère"),
    "NULLO": gettext_noop("Nullo"),
    "DNULLO": gettext_noop("Double nullo"),
    "BNULLO": gettext_noop("Bar nullo"),
}
NULLO_LIKE = frozenset(SPECIAL_NAMES)  # every special is won by taking no trick


NO_BID_CHOICES = ("must_bid", "redeal", "play_no_trump")
# What the opponents of a misère or nullo score: "per_trick", 10 for each trick the bidder won, on a
# failure only (official-team); "none" (Wikipedia); "own_tricks", 10 for each trick they won
# themselves, made or failed (classic-1994's general rule read literally, RULES.md section 2).
DEFENDERS_ON_FAILED_NULLO = ("per_trick", "none", "own_tricks")
# How an event is played (README, "Games"): a session sums hands and never ends a game (McAllen A);
# games are played to 500 under every end-of-game rule of the rule set (RULES.md section 4).
EVENT_FORMATS = ("session", "games")
# The format each preset's source describes, when a caller does not say (game_after_hand).
PRESET_FORMAT = {"mcallen": "session"}
BID_RANKINGS = ("value", "tricks")


class RulesError(ValueError):
    """A contract, penalty, trick count or override that the rules do not allow."""


def contract_value(tricks: int, suit: str) -> int:
    """The Avondale schedule: 40 + 20 * suit index + 100 * (tricks - 6)."""
    return 40 + 20 * SUITS.index(suit) + 100 * (tricks - 6)


@dataclass(frozen=True)
class Contract:
    """A bid as written on a sheet: `7H`, `10NT`, `MIS`, `DNULLO`."""

    code: str
    tricks: int | None = None  # None for the specials
    suit: str | None = None

    @property
    def is_special(self) -> bool:
        return self.code in NULLO_LIKE

    @property
    def label(self) -> str:
        return self.label_in(str)

    def label_in(self, translate: Callable[[str], str]) -> str:
        """The spoken name ("7 Hearts", "Open misère"), its words put through `translate` (gettext)."""
        if self.is_special:
            return translate(SPECIAL_NAMES[self.code])
        return f"{self.tricks} {translate(SUIT_NAMES[self.suit])}"

    def __str__(self) -> str:
        return self.code


def parse_contract(text: str) -> Contract:
    """Parse `6S`..`10NT` or a special code; case and surrounding spaces do not matter."""
    if not isinstance(text, str):
        raise RulesError(f"{text!r} is not a contract (expected text such as 7H or 10NT)")
    code = text.strip().upper().replace(" ", "")
    if code in NULLO_LIKE:
        return Contract(code)
    for suit in ("NT", "S", "C", "D", "H"):
        number = code[: -len(suit)]
        tricks = whole_number(number, max_digits=2)
        if code.endswith(suit) and tricks is not None:
            if 6 <= tricks <= 10:
                return Contract(f"{tricks}{suit}", tricks, suit)
            break
    raise RulesError(f"{text!r} is not a contract (expected 6S..10NT, MIS, OMIS, NULLO, DNULLO or BNULLO)")


def suit_letters(language: str) -> dict[str, str]:
    """{suit code: letter} as `language`'s printed sheet names the suits (English when unknown)."""
    return SUIT_LETTERS.get(language, SUIT_LETTERS[DEFAULT_LANGUAGE])


def typed_suits(language: str) -> dict[str, str]:
    """{what may be typed after the number: suit code} in `language`: its letters and the symbols."""
    return {letter: suit for suit, letter in suit_letters(language).items()} | {
        symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def typed_code(contract: Contract, language: str) -> str:
    """A contract as it is typed in `language` ("7C" for 7 hearts in Spanish, "10SA"); specials as coded."""
    return contract.code if contract.is_special else f"{contract.tricks}{suit_letters(language)[contract.suit]}"


def parse_typed_contract(text: str, language: str) -> Contract:
    """A contract typed on the organizer's grid in the event's `language`: "7c" is 7 hearts in Spanish
    and French and 7 clubs in English; ♠♣♦♥ in every language; a special by its code. A suit letter
    of another language only is refused (a RulesError naming this language's letters), never read
    as some other suit."""
    if not isinstance(text, str):
        raise RulesError(f"{text!r} is not a contract")
    code = text.strip().upper().replace(" ", "").replace("\ufe0f", "")
    if code in NULLO_LIKE:
        return Contract(code)
    suits = typed_suits(language)
    for typed in sorted(suits, key=len, reverse=True):  # "ST" before "T", "NT" before "T"
        tricks = whole_number(code[: -len(typed)], max_digits=2)
        if code.endswith(typed) and tricks is not None:
            if 6 <= tricks <= 10:
                suit = suits[typed]
                return Contract(f"{tricks}{suit}", tricks, suit)
            break
    letters = list(suit_letters(language).values())
    raise RulesError(f"{text!r} is not a contract (type 6 to 10 and {', '.join(letters)} or a suit symbol)")


@dataclass(frozen=True)
class Penalty:
    """A rule penalty on one hand. `side` is the offending side: "declarer" or "defenders"."""

    kind: str
    side: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in PENALTY_KINDS:
            raise RulesError(f"{self.kind!r} is not a penalty kind (one of {', '.join(PENALTY_KINDS)})")
        if self.kind == "revoke" and self.side not in ("declarer", "defenders"):
            raise RulesError("a revoke needs the offending side: declarer or defenders")


@dataclass(frozen=True)
class HandScore:
    """Points one hand gives. `defenders_each` is set only for three-handed play."""

    declarers: int
    defenders: int
    made: bool
    defenders_each: tuple[int, int] | None = None


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between the rule systems in the sources."""

    name: str
    label: str
    players: int = 4
    deck: int = 45
    widow: int = 5
    allow_six_bids: bool = True
    bid_ranking: str = "value"  # "tricks" in three-handed: a higher bid names more tricks
    specials: tuple[str, ...] = ()
    # --- readings RULES.md marks as ambiguous; each one can be overridden by an event ---
    no_bid: str = "must_bid"
    defenders_on_failed_nullo: str = "per_trick"
    double_bar_nullo_points: int = 250
    open_misere_points: int = 520
    open_misere_below_10nt: bool = False
    eight_spades_beats_misere: bool = True
    no_bid_slam: bool = False
    defenders_slam: bool = False
    revoke_penalty: bool = True  # McAllen O applies under every preset, as a field (RULES.md section 2)
    # --- a table of five, call a partner (RULES.md section 7; the four-handed presets play it) ---
    five_handed_misere: bool = False  # "Neither misère nor open misère is usually permitted in this variant"
    five_handed_alone: bool = True  # the called card in the widow or the bidder's hand: he plays alone
    # --- the end of a game to 500 (club play; a tournament session sums hands instead) ---
    target: int = 500
    must_bid_to_win: bool = False
    pegging_cap: int | None = None
    lose_at: int | None = None
    lose_at_inclusive: bool = True
    win_outright_at: int | None = None
    bidder_wins_crossing: bool = True  # both sides cross a winning line (500, 750) in one hand: the bidder wins
    # A bidder set but still at the target or more (RULES.md section 8): the bid must be made (False,
    # the side plays on) or winning the auction is enough (True). Matters where a side must bid to win.
    set_bidder_wins: bool = False

    def special_points(self, code: str) -> int:
        if code == "OMIS":
            return self.open_misere_points
        return 250 if code in ("MIS", "NULLO") else self.double_bar_nullo_points

    def special_rank(self, code: str) -> float:
        """Where a special sits among the Avondale values in the bidding."""
        if code == "MIS":
            # After any 7 bid (7NT = 220), before any 8 bid (8S = 240); with the option off,
            # 8S (worth 240 < 250) does not beat misère, so misère ranks between 8S and 8C.
            return 230 if self.eight_spades_beats_misere else 245
        if code == "OMIS":
            return 510 if self.open_misere_below_10nt else 530
        if code == "NULLO":
            return 250
        return 500  # double and bar nullo are "worth 500", level with 10H: neither outbids the other

    def value(self, contract: Contract) -> int:
        if contract.is_special:
            return self.special_points(contract.code)
        return contract_value(contract.tricks, contract.suit)

    def is_legal(self, contract: Contract) -> bool:
        if contract.is_special:
            return contract.code in self.specials
        return self.allow_six_bids or contract.tricks > 6

    def check_legal(self, contract: Contract | str) -> Contract:
        contract = parse_contract(contract) if isinstance(contract, str) else contract
        if not self.is_legal(contract):
            if contract.is_special:
                raise RulesError(f"{contract.code} ({contract.label}) is not a contract under {self.label}")
            raise RulesError(f"six bids are not allowed under {self.label}")
        return contract

    def rank(self, contract: Contract) -> float:
        if self.bid_ranking == "tricks":
            if contract.is_special:
                # Specials switched on in a game ranked by tricks keep their place among the trick
                # levels (misère after the sevens, nullo among the eights, open misère above the tens)
                # instead of ranking below every six.
                return 6 + (self.special_rank(contract.code) - 40) / 100
            return contract.tricks
        if contract.is_special:
            return self.special_rank(contract.code)
        return contract_value(contract.tricks, contract.suit)

    def outranks(self, bid: Contract, earlier: Contract) -> bool:
        """Does `bid` beat `earlier`? Bids must be strictly higher (equal ranks do not outbid)."""
        return self.rank(bid) > self.rank(earlier)

    def legal_contracts(self) -> list[Contract]:
        """Every contract this rule set allows, lowest bid first."""
        normal = [Contract(f"{t}{s}", t, s) for t in range(6, 11) for s in SUITS]
        found = [c for c in normal + [Contract(code) for code in self.specials] if self.is_legal(c)]
        return sorted(found, key=lambda c: (self.rank(c), self.value(c)))


def _validate(rules: RuleSet) -> RuleSet:
    def fail(field: str, message: str) -> None:
        raise RulesError(f"{field}: {message}")

    if rules.no_bid not in NO_BID_CHOICES:
        fail("no_bid", f"{rules.no_bid!r} is not one of {', '.join(NO_BID_CHOICES)}")
    if rules.defenders_on_failed_nullo not in DEFENDERS_ON_FAILED_NULLO:
        fail("defenders_on_failed_nullo",
             f"{rules.defenders_on_failed_nullo!r} is not one of {', '.join(DEFENDERS_ON_FAILED_NULLO)}")
    if rules.bid_ranking not in BID_RANKINGS:
        fail("bid_ranking", f"{rules.bid_ranking!r} is not one of value, tricks")
    unknown = [code for code in rules.specials if code not in NULLO_LIKE]
    if unknown:
        fail("specials", f"{', '.join(map(str, unknown))} is not a special contract ({', '.join(SPECIAL_NAMES)})")
    if rules.double_bar_nullo_points not in (250, 500):
        fail("double_bar_nullo_points", f"{rules.double_bar_nullo_points!r} is not 250 or 500")
    if rules.open_misere_points not in (500, 520):
        fail("open_misere_points", f"{rules.open_misere_points!r} is not 500 or 520")
    if rules.players not in (3, 4):
        fail("players", f"{rules.players!r} is not 3 or 4")
    if len(set(rules.specials)) != len(rules.specials):
        fail("specials", "a special contract is listed twice")
    if not 100 <= rules.target <= 10_000:
        fail("target", f"{rules.target!r} is not between 100 and 10000")
    if rules.pegging_cap is not None and not 0 < rules.pegging_cap < rules.target:
        fail("pegging_cap", f"{rules.pegging_cap!r} is not above 0 and below the target {rules.target}")
    if rules.lose_at is not None and not -100_000 <= rules.lose_at < 0:
        fail("lose_at", f"{rules.lose_at!r} is not a negative score")
    if rules.win_outright_at is not None and not rules.target < rules.win_outright_at <= 100_000:
        fail("win_outright_at", f"{rules.win_outright_at!r} is not above the target {rules.target}")
    return rules


PRESETS: dict[str, RuleSet] = {
    r.name: _validate(r)
    for r in (
        RuleSet(
            name="mcallen",
            label="McAllen Golden Age Olympics",
            deck=45,
            widow=5,
            no_bid="must_bid",  # McAllen G: "There must be at least a six bid ... no re-dealing"
        ),
        RuleSet(
            name="official-team",
            label=gettext_noop("Official team rules"),
            deck=43,
            widow=3,
            specials=("NULLO", "DNULLO", "BNULLO"),
            no_bid="redeal",
            defenders_on_failed_nullo="per_trick",
            double_bar_nullo_points=250,  # the scoring paragraph says 250 for any nullo
            must_bid_to_win=True,
            lose_at=-1000,
        ),
        RuleSet(
            name="classic-1994",
            label=gettext_noop("Classic rules (1994)"),
            deck=43,
            widow=3,
            specials=("MIS", "OMIS"),
            no_bid="redeal",
            # "The opposing players/partnership(s) score 10 for each trick won", read literally on a
            # misère too: a made misère gives the bidder +250 and the opponents +100 (RULES.md section 2).
            defenders_on_failed_nullo="own_tricks",
            open_misere_points=520,
            pegging_cap=490,
            lose_at=-500,
            lose_at_inclusive=True,  # "reach or exceed -500"
        ),
        RuleSet(
            name="wikipedia-2006",
            label=gettext_noop("Wikipedia rules (2006)"),
            deck=45,
            widow=5,
            specials=("MIS", "OMIS"),
            no_bid="redeal",
            defenders_on_failed_nullo="none",  # pegging applies "except for during misere bids"
            open_misere_points=500,
            open_misere_below_10nt=True,
            # "If a team wins all 10 tricks and the bid scores less than 250 (or did not bid) the
            # team gets 250 points": either side of a hand nobody bid scores 250 for all ten. The
            # defenders of a bid hand who take all ten score 100 by default, as every other source
            # (RULES.md section 2); 250 is the option (defenders_slam).
            no_bid_slam=True,
            defenders_slam=False,
            must_bid_to_win=True,
            lose_at=-500,
            lose_at_inclusive=False,  # "dips below -500"
        ),
        RuleSet(
            name="three-handed",
            label=gettext_noop("Three-handed"),
            players=3,
            deck=33,
            widow=3,
            bid_ranking="tricks",
            no_bid="redeal",
        ),
    )
}
DEFAULT_PRESET = "mcallen"

# The fields an event may override, with a sentence each that the organizer sees (marked for
# translation: tournaments.language.label shows it in the reader's language; a rule's named choices
# are said in the words the form offers them, tournaments.language.RULE_CHOICE_WORDS).
OVERRIDABLE_FIELDS: dict[str, str] = {
    "allow_six_bids": gettext_noop("Six bids allowed (the 45-card option of the official rules forbids them)."),
    "specials": gettext_noop("Special contracts in play: MIS, OMIS, NULLO, DNULLO, BNULLO."),
    "no_bid": gettext_noop("When all pass: someone must bid (McAllen G: a hand always has a contract), deal "
                           "again, or play it at no trump (every side scores 10 a trick)."),
    "defenders_on_failed_nullo": gettext_noop(
        "Opponents of a misère or nullo: 10 a trick the bidder won (on a failure; official rules), "
        "nothing (Wikipedia), or 10 a trick they won (made or failed; 1994 rules)."
    ),
    "double_bar_nullo_points": gettext_noop("Points for double and bar nullo: 250 (the scoring paragraph) "
                                            "or 500 (their bidding worth)."),
    "open_misere_points": gettext_noop("Points for open misère: 520 (1994) or 500 (Wikipedia)."),
    "open_misere_below_10nt": gettext_noop(
        "Open misère ranks below 10NT (Wikipedia) instead of above every bid (1994)."),
    "eight_spades_beats_misere": gettext_noop("An 8 Spades bid (240) beats misère (250), as Wikipedia says is usual."),
    "no_bid_slam": gettext_noop("In a no-bid hand played at no trump, a side taking all ten tricks scores 250."),
    "defenders_slam": gettext_noop(
        "Defenders who take all ten tricks of a suit or no-trump contract score 250, not 100 (an "
        "option of Wikipedia's \"or did not bid\")."
    ),
    "revoke_penalty": gettext_noop(
        "An established revoke changes the score (McAllen O): by the bidders, the bid is defeated; "
        "by the defenders, the bid is made and they score nothing. Off: a revoke is recorded only."
    ),
    "five_handed_misere": gettext_noop(
        "At a table of five, misère and the other special contracts may be bid (off: \"neither misère nor "
        "open misère is usually permitted\", Wikipedia)."),
    "five_handed_alone": gettext_noop(
        "At a table of five, when the called card is in the widow or in the bidder's own hand, the bidder "
        "plays alone and scores the contract alone; off: every hand at five names a partner."),
    "target": gettext_noop("A game to 500: the score that wins."),
    "must_bid_to_win": gettext_noop("A game is won only by the side that made its bid."),
    "pegging_cap": gettext_noop("Defenders' points stop at this score (490 in the 1994 rules); empty for none."),
    "lose_at": gettext_noop("A game is lost at this score (-500, -1000); empty for none."),
    "lose_at_inclusive": gettext_noop(
        "Reaching the losing score exactly loses (True) or only going below it (False)."),
    "win_outright_at": gettext_noop(
        "A side wins at this score even on defence (the 750 option); empty for none."),
    "bidder_wins_crossing": gettext_noop(
        "When both sides cross a winning line in one hand (the bidder 500, the other side 750), the "
        "bidder wins; off: the side past the outright score wins."
    ),
    "set_bidder_wins": gettext_noop(
        "Where a side must bid to win: a bidder who is set but still at 500 or more wins (winning the "
        "auction is enough); off: the bid must be made and the game goes on."
    ),
}
AMBIGUOUS_FIELDS = (
    "no_bid",
    "defenders_on_failed_nullo",
    "double_bar_nullo_points",
    "eight_spades_beats_misere",
    "no_bid_slam",
    "defenders_slam",
    "lose_at_inclusive",
    "revoke_penalty",
    "bidder_wins_crossing",
    "five_handed_alone",
    "set_bidder_wins",
)
_FIELD_TYPES = {f.name: f.type for f in fields(RuleSet)}


def _coerce(name: str, value: object) -> object:
    kind = _FIELD_TYPES[name]
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{name}: {value!r} is not true or false")
        return value
    if kind == "int | None":
        if value is None:
            return None
    if kind in ("int", "int | None"):
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 100_000:
            raise RulesError(f"{name}: {value!r} is not a whole number between -100000 and 100000")
        return value
    if kind == "tuple[str, ...]":
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise RulesError(f"{name}: {value!r} is not a list of contract codes")
        return tuple(v.strip().upper() for v in value)
    if not isinstance(value, str):
        raise RulesError(f"{name}: {value!r} is not text")
    return value


def rule_set(preset: str = DEFAULT_PRESET, overrides: dict | None = None) -> RuleSet:
    """A preset with an event's own choices applied; bad names or values raise RulesError."""
    if preset not in PRESETS:
        raise RulesError(f"{preset!r} is not a rule set (one of {', '.join(PRESETS)})")
    if not overrides:
        return PRESETS[preset]
    if not isinstance(overrides, dict):
        raise RulesError("rule overrides must be an object of field: value")
    changes = {}
    for name, value in overrides.items():
        if name not in OVERRIDABLE_FIELDS:
            raise RulesError(f"{name}: not a rule that an event can change (one of {', '.join(OVERRIDABLE_FIELDS)})")
        changes[name] = _coerce(name, value)
    return _validate(replace(PRESETS[preset], **changes))


def differences(rules: RuleSet) -> dict[str, object]:
    """The overridable fields where `rules` differs from its preset: what an event file stores."""
    base = PRESETS[rules.name]
    return {
        name: list(getattr(rules, name)) if name == "specials" else getattr(rules, name)
        for name in OVERRIDABLE_FIELDS
        if getattr(rules, name) != getattr(base, name)
    }


def _check_tricks(tricks: object, what: str = "tricks") -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS_PER_HAND:
        raise RulesError(f"{what}: {tricks!r} is not between 0 and {TRICKS_PER_HAND}")
    return tricks


def score_hand(
    rules: RuleSet,
    contract: Contract | str,
    tricks: int,
    penalty: Penalty | None = None,
    defender_tricks: tuple[int, ...] | None = None,
) -> HandScore:
    """Score one hand. `tricks` are the tricks the declaring side took.

    An established revoke by the declaring side defeats the bid and the defenders still score
    their tricks; one by the defenders scores the bid as made and the defenders score nothing
    (McAllen O). Other penalties are recorded on the hand but change no points.
    """
    contract = rules.check_legal(contract)
    tricks = _check_tricks(tricks)
    defenders = _defenders_tricks(rules, tricks, defender_tricks)
    revoke = None
    if penalty is not None and penalty.kind in SCORING_PENALTIES and rules.revoke_penalty:
        revoke = penalty.side
    value = rules.value(contract)
    nothing = tuple(0 for _ in defenders)

    if contract.is_special:
        made = tricks == 0 if revoke is None else revoke == "defenders"
        if revoke == "defenders":
            # "the bid is scored as made with the opponents not scoring" (McAllen O)
            return _hand_score(value, nothing, True)
        if rules.defenders_on_failed_nullo == "own_tricks":
            # 10 for each trick the opponents won themselves, made or failed (classic-1994).
            return _hand_score(value if made else -value, tuple(t * POINTS_PER_TRICK for t in defenders), made)
        # The bidder tries to take no trick; defenders peg the tricks the bidder won, if at all: each
        # defender of three-handed play plays for himself, and each "lost" every trick the bidder won.
        pegs = tricks * POINTS_PER_TRICK if rules.defenders_on_failed_nullo == "per_trick" and not made else 0
        return _hand_score(value if made else -value, tuple(pegs for _ in defenders), made)

    made = tricks >= contract.tricks if revoke is None else revoke == "defenders"
    earned = max(value, SLAM_MINIMUM) if tricks == TRICKS_PER_HAND else value
    declarers = earned if made else -value
    if revoke == "defenders":
        return _hand_score(declarers, nothing, True)
    return _hand_score(declarers, tuple(_defender_points(rules, t) for t in defenders), made)


# The defending sides of a hand by the rule set's number of players: one partnership of a table of four,
# each of the two other players of a table of three.
DEFENDING_SIDES = {3: 2, 4: 1}


def _defenders_tricks(rules: RuleSet, tricks: int, defender_tricks: tuple[int, ...] | None) -> tuple[int, ...]:
    """The tricks of each defending side: the tricks the declarers left, split as `defender_tricks`
    says when several defenders play each for himself (three-handed; a table of five; the two other
    teams of six as three teams of two, RULES.md section 7)."""
    left = TRICKS_PER_HAND - tricks
    if defender_tricks is None:
        if DEFENDING_SIDES[rules.players] == 1:
            return (left,)
        raise RulesError("three-handed play needs each defender's tricks")
    each = tuple(_check_tricks(t, "defender tricks") for t in defender_tricks)
    if sum(each) != left:
        raise RulesError(f"defender tricks: {' + '.join(map(str, each))} is not {left} (10 - the bidder's {tricks})")
    return each


def _hand_score(declarers: int, each: tuple[int, ...], made: bool) -> HandScore:
    """The hand's points with the defenders' sum, and each defender's when several play for themselves."""
    return HandScore(declarers, sum(each), made, each if len(each) > 1 else None)


def score_three_handed(rules: RuleSet, contract: Contract | str, declarer: str,
                       tricks: dict[str, int]) -> tuple[dict[str, int], bool]:
    """A three-handed hand by seat: ({seat: points}, made). `tricks` holds each of the three seats'
    tricks (keys in seating order, any labels), `declarer` the bidder's seat. Scored by score_hand:
    the bidder scores the contract, each defender his own tricks (RULES.md section 6)."""
    if rules.players != 3:
        raise RulesError(f"{rules.label} is not a three-handed rule set")
    if len(tricks) != 3 or declarer not in tricks:
        raise RulesError(f"tricks: expected the three seats with the bidder {declarer!r} among them")
    defenders = [seat for seat in tricks if seat != declarer]
    score = score_hand(rules, contract, tricks[declarer], defender_tricks=tuple(tricks[s] for s in defenders))
    points = {seat: score.declarers if seat == declarer else score.defenders_each[defenders.index(seat)]
              for seat in tricks}
    return points, score.made


def _defender_points(rules: RuleSet, tricks: int) -> int:
    if rules.defenders_slam and tricks == TRICKS_PER_HAND:
        return SLAM_MINIMUM
    return tricks * POINTS_PER_TRICK


def score_no_bid_hand(rules: RuleSet, tricks_by_side: Sequence[int], sides: int | None = None) -> tuple[int, ...]:
    """A hand nobody bid, played at no trump where the rule set allows it: 10 a trick each side.
    `sides`: how many sides the table has (a table of two, five or six, RULES.md section 7); left
    out, two under a four-handed rule set and three three-handed."""
    if rules.no_bid != "play_no_trump":
        raise RulesError(f"under {rules.label} a hand nobody bid is not played (no_bid = {rules.no_bid})")
    counts = [_check_tricks(t) for t in tricks_by_side]
    if sum(counts) != TRICKS_PER_HAND or len(counts) != (sides or (2 if rules.players == 4 else 3)):
        raise RulesError(f"tricks by side {counts} must add up to {TRICKS_PER_HAND}")
    return tuple(
        SLAM_MINIMUM if rules.no_bid_slam and t == TRICKS_PER_HAND else t * POINTS_PER_TRICK for t in counts
    )


@dataclass(frozen=True)
class GameState:
    """Running scores of a game to 500 after a hand, and whether that hand ended the game."""

    scores: tuple[int, ...]
    winner: int | None = None
    reason: str = ""
    partner: int | None = None  # a table of five: the bidder's called partner, who won the game with him

    @property
    def over(self) -> bool:
        return self.winner is not None


def game_after_hand(
    rules: RuleSet,
    scores: Sequence[int],
    declarer: int | None,
    points: Sequence[int],
    made: bool,
    event_format: str | None = None,
    partner: int | None = None,
) -> GameState:
    """Apply one hand's points to a game and judge it.

    `scores` and `points` are per side (two partnerships, or three players); `declarer` is the
    index of the bidding side, or None for a hand nobody bid that was played at no trump (every
    side then only pegs tricks, and nobody made a bid).

    `event_format` is how the event is played: "session" (McAllen A: points are summed, no cap
    applies and a session never ends a game) or "games" (every end-of-game rule of the rule set
    applies). Left out, it is the format the preset's source describes: a session for mcallen,
    games for the others (PRESET_FORMAT).

    In games: the defenders' pegging cap, then the winning lines (the target reached by the side
    that made its bid, or by any side unless a side must bid to win; the outright score by any
    side), the bidder winning when several sides cross a line in one hand (for the outright line
    too, unless `bidder_wins_crossing` is off), and the losing limit (the highest score then wins).
    A bidder set but still at the target wins only under `set_bidder_wins` (RULES.md section 8).

    `partner` (a table of five, RULES.md section 7): the index of the bidder's called partner, who
    scored the contract with him. The two are the bidding side: neither is capped as a defender,
    either reaching the line counts as the bidder reaching it, and the game they win is won by both
    together (GameState.partner).
    """
    if len(scores) != len(points) or not (declarer is None or 0 <= declarer < len(scores)):
        raise RulesError("scores, points and declarer do not describe the same sides")
    if partner is not None and (declarer is None or partner == declarer or not 0 <= partner < len(scores)):
        raise RulesError("partner: the called partner is another side of the same hand, with a bidder")
    event_format = event_format or PRESET_FORMAT.get(rules.name, "games")
    if event_format not in EVENT_FORMATS:
        raise RulesError(f"event format: {event_format!r} is not one of {', '.join(EVENT_FORMATS)}")
    if event_format == "session":
        # "During a round you can score any number of points; more or less than 500" (McAllen A).
        return GameState(tuple(old + got for old, got in zip(scores, points)), None, "a session never ends a game")
    state = _judge(rules, scores, declarer, points, made and declarer is not None, partner)
    if partner is not None and state.winner in (declarer, partner):
        return replace(state, winner=declarer, partner=partner)
    return state


def _judge(rules: RuleSet, scores: Sequence[int], declarer: int | None, points: Sequence[int], made: bool,
           partner: int | None) -> GameState:
    """game_after_hand in games: the cap, the winning lines, the losing limit."""
    bidders = {declarer, partner} - {None}
    new = []
    for side, (old, got) in enumerate(zip(scores, points)):
        total = old + got
        if side not in bidders and rules.pegging_cap is not None and got > 0 and total > rules.pegging_cap:
            total = max(old, rules.pegging_cap)  # "the only way to score above 490 is to win a hand"
        new.append(total)
    state = tuple(new)

    def best(sides: list[int]) -> int:
        return declarer if declarer in sides else max(sides, key=lambda s: state[s])

    reached = [s for s, v in enumerate(state) if v >= rules.target]
    outright = [s for s, v in enumerate(state) if rules.win_outright_at is not None and v >= rules.win_outright_at]
    # The bidding side (with its partner at five) reached the line on a made bid, or set and still
    # there where winning the auction is enough (set_bidder_wins).
    bidder_line = bool(bidders & set(reached)) and (made or (declarer is not None and rules.set_bidder_wins))
    # Every side past a winning line in this hand.
    crossed = sorted(set(outright) | ({declarer} if bidder_line else set())
                     | (set(reached) if not rules.must_bid_to_win else set()))
    if crossed:
        if declarer in crossed and (len(crossed) == 1 or rules.bidder_wins_crossing or not outright
                                    or declarer in outright):
            if len(crossed) > 1:
                return GameState(state, declarer, "the bidder wins when both sides cross a winning line in one hand")
            if declarer in outright:
                return GameState(state, declarer, f"reached {rules.win_outright_at}")
            if bidder_line:
                return GameState(state, declarer, f"the bidder made its bid and reached {rules.target}")
            return GameState(state, declarer, f"reached {rules.target}")
        if outright:
            return GameState(state, best(outright), f"reached {rules.win_outright_at}")
        return GameState(state, best(crossed), f"reached {rules.target}")
    if rules.lose_at is not None:
        losing = [
            s for s, v in enumerate(state)
            if (v <= rules.lose_at if rules.lose_at_inclusive else v < rules.lose_at)
        ]
        if losing:
            alive = [s for s in range(len(state)) if s not in losing] or list(range(len(state)))
            side = max(alive, key=lambda s: state[s])
            return GameState(state, side, f"side {losing[0] + 1} fell to {state[losing[0]]}: the highest score wins")
    return GameState(state)


def all_presets() -> Iterable[RuleSet]:
    return PRESETS.values()
