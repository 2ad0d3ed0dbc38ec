"""A club with two worked events and eight members, for the season tests (issue 26).

Event A (four_pair_event, RULES.md values): totals 1: 630, 3: 520, 2: 260, 4: -120; slams (all ten
tricks by the bidders) by partnerships 1, 2 and 3. Event B (tie_for_second): totals 1: 290, 2: 240,
3: 240 (tied 2nd), 4: 40; one slam, by partnership 1.

Members: 1 Ana Garza, 2 Bea Ruiz, 3 Cruz Lee, 4 Dora Paz, 5 Eva Sol, 6 Félix Mora, 7 Gil Vidal,
8 Hugo Cano. A: 1 = (1, 5), 2 = (2, 6), 3 = (3, 7), 4 = (4, 8). B: 1 = (1, 6), 2 = (2, 7),
3 = (3, 8), 4 = (4, 5).
"""

from clubs.models import Club, Member
from tests.builders import four_pair_event, make_event, tie_for_second

NAMES = {1: "Ana Garza", 2: "Bea Ruiz", 3: "Cruz Lee", 4: "Dora Paz", 5: "Eva Sol", 6: "Félix Mora",
         7: "Gil Vidal", 8: "Hugo Cano"}
SEATS = {"a": {1: (1, 5), 2: (2, 6), 3: (3, 7), 4: (4, 8)}, "b": {1: (1, 6), 2: (2, 7), 3: (3, 8), 4: (4, 5)}}


def link(partnerships, seats, members) -> None:
    for number, partnership in partnerships.items():
        one, two = seats[number]
        for player, member in ((partnership.player_one, one), (partnership.player_two, two)):
            player.member = members[member]
            player.name = members[member].name
            player.save()


def worked_club(slug="pittsworth-500"):
    """(club, members by number, event A, event B)."""
    club = Club.objects.create(slug=slug, name="Pittsworth 500")
    members = {n: Member.objects.create(club=club, number=n, name=name) for n, name in NAMES.items()}
    a, pa, _tables = four_pair_event()
    a.slug, a.club = "club-night-1", club
    a.save()
    b, pb = tie_for_second(make_event(slug="club-night-2", name="Club night 2"))
    b.club = club
    b.save()
    link(pa, SEATS["a"], members)
    link(pb, SEATS["b"], members)
    return club, members, a, b
