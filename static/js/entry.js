/* Score entry: the live points preview, showing penalty fields only when they apply, a few
   keyboard shortcuts, landing on the next hand's form (or on an error) when the page opens,
   "Saving…" while a save is on its way, and "Not saved — try again" when a save gets no answer. The points come
   from the "score-table" JSON the server renders from its own rules engine
   (scoring.entry_data.preview_table), so this file holds no scoring rules: it looks a hand up
   and swaps the two sides when E-W bid. The server scores every hand again on save. */
(function () {
  "use strict";

  // The one function the tests run in node against the server's own scores.
  function handPoints(table, declarer, contract, tricks, penaltyKind, penaltySide) {
    var byState = table && table.points && table.points[contract];
    var n = typeof tricks === "number" ? tricks : parseInt(tricks, 10);
    if (!byState || (declarer !== "ns" && declarer !== "ew") || !(n >= 0 && n <= 10)) return null;
    var state = "none";
    if (penaltyKind === "revoke") {
      if (penaltySide !== "ns" && penaltySide !== "ew") return null;
      state = penaltySide === declarer ? "declarer" : "defenders";
    }
    var pair = byState[state][n];
    return declarer === "ns" ? { ns: pair[0], ew: pair[1] } : { ns: pair[1], ew: pair[0] };
  }

  // A hand nobody bid (where the rules play it at no trump): the server's points by the tricks N-S took.
  function noBidPoints(table, nsTricks) {
    var n = typeof nsTricks === "number" ? nsTricks : parseInt(nsTricks, 10);
    if (!table || !table.nobid || !(n >= 0 && n <= 10)) return null;
    return { ns: table.nobid[n][0], ew: table.nobid[n][1] };
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  // A table of three: [bidder, first defender, second defender] points from the server's
  // "three-score-table" (scoring.entry_data.preview_three_table), by the bidder's and the first defender's tricks.
  function threePoints(table, contract, tricks, firstTricks) {
    var rows = table && table.points && table.points[contract];
    var t = parseInt(tricks, 10), d = parseInt(firstTricks, 10);
    if (!rows || !(t >= 0 && t <= 10) || !(d >= 0 && d <= 10 - t)) return null;
    return rows[t][d];
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { handPoints: handPoints, noBidPoints: noBidPoints, signed: signed, threePoints: threePoints };
  }
  if (typeof document === "undefined") return;

  // The page's words (Django's JavaScript catalog, loaded first); English if it could not load.
  var gettext = window.gettext || function (text) { return text; };
  document.documentElement.classList.add("js");
  var dataNode = document.getElementById("score-table");
  var table = dataNode ? JSON.parse(dataNode.textContent) : null;

  function value(form, name) {
    var field = form.elements[name];
    if (!field) return "";
    if (field.type === "radio" || (field.length && !field.options)) {
      var checked = form.querySelector('input[name="' + name + '"]:checked');
      return checked ? checked.value : "";
    }
    return field.value;
  }

  function showPenaltyFields(form, kind) {
    form.querySelectorAll("[data-show-for]").forEach(function (box) {
      box.hidden = box.getAttribute("data-show-for").split(" ").indexOf(kind) < 0;
    });
  }

  // --- the one-hand form ---------------------------------------------------------------------
  function wireHandForm(form) {
    var box = form.querySelector("[data-preview]");
    function put(sel, text) { var el = box.querySelector(sel); if (el) el.textContent = text; }
    function update() {
      // Read each time: offline.js puts the server's totals here after an offline conflict is settled.
      var base = { ns: parseInt(form.dataset.baseNs, 10) || 0, ew: parseInt(form.dataset.baseEw, 10) || 0 };
      var kind = value(form, "penalty_kind");
      showPenaltyFields(form, kind);
      var nobody = value(form, "declarer") === "none";
      form.querySelectorAll("[data-bid-only]").forEach(function (box) { box.hidden = nobody; });
      form.querySelectorAll("[data-nobid-only]").forEach(function (box) { box.hidden = !nobody; });
      var pts = nobody ? noBidPoints(table, value(form, "ns_tricks"))
        : handPoints(table, value(form, "declarer"), value(form, "contract"), value(form, "tricks"),
                     kind, value(form, "penalty_side"));
      // The hand's points in words, for offline.js to say beside a hand it keeps on the phone.
      if (pts) form.setAttribute("data-points", gettext("N-S") + " " + signed(pts.ns) + ", " + gettext("E-W") + " " + signed(pts.ew));
      else form.removeAttribute("data-points");
      if (!pts) {
        box.setAttribute("data-empty", "");
        ["[data-preview-ns]", "[data-preview-ew]", "[data-preview-ns-total]", "[data-preview-ew-total]"].forEach(function (s) { put(s, "–"); });
        put("[data-preview-hint]", kind === "revoke" && !value(form, "penalty_side")
          ? gettext("Say which side revoked to see the points.")
          : gettext("Choose the bid, contract and tricks to see the points."));
        return;
      }
      box.removeAttribute("data-empty");
      put("[data-preview-ns]", signed(pts.ns));
      put("[data-preview-ew]", signed(pts.ew));
      put("[data-preview-ns-total]", String(base.ns + pts.ns));
      put("[data-preview-ew-total]", String(base.ew + pts.ew));
      put("[data-preview-hint]", "");
    }
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    update();
    wireTyping(form.querySelector("[data-contract-keys]"), contractFromKeys);
    wireTyping(form.querySelector("[data-tricks-keys]"), function (keys) { return /^(10|[0-9])$/.test(keys) ? keys : null; });
  }

  // "7h", "10n", "9s" typed while the contract buttons have focus picks that contract.
  function contractFromKeys(keys) {
    var m = /^(6|7|8|9|10)([SCDHN])$/.exec(keys);
    return m ? m[1] + (m[2] === "N" ? "NT" : m[2]) : null;
  }

  function wireTyping(group, decode) {
    if (!group) return;
    var keys = "", timer = null;
    group.addEventListener("keydown", function (e) {
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      keys = (keys + e.key.toUpperCase()).slice(-3);
      clearTimeout(timer);
      timer = setTimeout(function () { keys = ""; }, 1200);
      for (var i = 0; i < keys.length; i++) {
        var code = decode(keys.slice(i));
        var input = code && group.querySelector('input[value="' + code + '"]');
        if (input) {
          input.checked = true;
          input.focus();
          input.dispatchEvent(new Event("change", { bubbles: true }));
          e.preventDefault();
          return;
        }
      }
    });
  }

  // --- the organizer's paper-sheet grid ------------------------------------------------------
  function wireSheet(form) {
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-row]"));
    function field(row, name) { var el = row.querySelector('[name$="-' + name + '"]'); return el ? el.value : ""; }
    var threeNode = document.getElementById("three-score-table");
    var three = form.hasAttribute("data-three") && threeNode ? JSON.parse(threeNode.textContent) : null;
    // A contract as the event's language types it ("7C" is 7 hearts in Spanish), read as the server
    // reads it (scoring.previews.grid_typing); each row echoes it in words before the save.
    var typingNode = document.getElementById("grid-typing");
    var typing = typingNode ? JSON.parse(typingNode.textContent) : {typed: {}, words: {}};
    function contractOf(row) {
      var typed = field(row, "contract").replace(/\s|\uFE0F/g, "").toUpperCase();
      var code = typed ? typing.typed[typed] : "";
      var words = row.querySelector("[data-row-words]");
      if (words) words.textContent = typed ? (code ? typing.words[code] : "?") : "";
      return code || "";
    }
    // A table of three: each player's points from the bidder's and the first defender's tricks
    // (the first of the other two in seating order; the second took what is left of the 10).
    function updateThree() {
      var totals = {}, any = false;
      rows.forEach(function (row) {
        var cells = Array.prototype.slice.call(row.querySelectorAll("[data-row-seat]"));
        var seats = cells.map(function (cell) { return cell.getAttribute("data-row-seat"); });
        var bidder = field(row, "declarer_seat"), defenders = seats.filter(function (s) { return s !== bidder; });
        var code = contractOf(row);
        // A revoke changes the points (McAllen O): the row shows none until the save scores it.
        var pts = bidder && !field(row, "penalty_side") ? threePoints(three, code, field(row, "tricks"),
                                                                       field(row, "defender_tricks")) : null;
        var bySeat = {};
        if (pts) { bySeat[bidder] = pts[0]; bySeat[defenders[0]] = pts[1]; bySeat[defenders[1]] = pts[2]; any = true; }
        cells.forEach(function (cell, i) {
          var p = bySeat[seats[i]];
          cell.textContent = pts ? signed(p) : "–";
          if (pts) totals[seats[i]] = (totals[seats[i]] || 0) + p;
        });
      });
      form.querySelectorAll("[data-grid-seat]").forEach(function (cell) {
        cell.textContent = any ? String(totals[cell.getAttribute("data-grid-seat")] || 0) : "–";
      });
    }
    function update() {
      if (three) { updateThree(); return; }
      var ns = 0, ew = 0, any = false;
      rows.forEach(function (row) {
        // "Nobody bid": the Tricks box holds the tricks N-S took.
        var pts = field(row, "declarer") === "none" ? noBidPoints(table, field(row, "tricks"))
          : handPoints(table, field(row, "declarer"), contractOf(row),
                       field(row, "tricks"), field(row, "penalty_kind"), field(row, "penalty_side"));
        row.querySelector("[data-row-ns]").textContent = pts ? signed(pts.ns) : "–";
        row.querySelector("[data-row-ew]").textContent = pts ? signed(pts.ew) : "–";
        if (pts) { ns += pts.ns; ew += pts.ew; any = true; }
      });
      form.querySelector("[data-grid-ns]").textContent = any ? String(ns) : "–";
      form.querySelector("[data-grid-ew]").textContent = any ? String(ew) : "–";
    }
    // Enter moves to the next box, as Tab does; only the Save button submits.
    form.addEventListener("keydown", function (e) {
      if (e.key !== "Enter" || e.target.tagName === "BUTTON" || e.target.tagName === "TEXTAREA") return;
      var fields = Array.prototype.filter.call(form.elements, function (el) {
        return !el.disabled && el.type !== "hidden" && el.tagName !== "FIELDSET";
      });
      var next = fields[fields.indexOf(e.target) + 1];
      if (next) { e.preventDefault(); next.focus(); if (next.select) next.select(); }
    });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
  }

  // --- layout and focus: where the eye is when the page opens -------------------------------
  // The page lands itself (below), so the browser must not put back where a reloaded page was scrolled to:
  // its restoring comes late, after the landing, and would undo it (the conflict settled, "✓ Hand 2 corrected"
  // off the screen).
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  // An error (a wrong PIN, a hand that could not be saved) is scrolled to the middle of the
  // screen and takes the focus, so a screen reader reads it too. Otherwise the page scrolls to
  // the hand form, with the folded list of hands above it ("Hands 1–3 ▸ ✓ Hand 3 saved") when
  // both fit the screen, and the focus goes to the form's heading ("Hand 4 of 4").
  // After a save the page says what was stored ("✓ Hand 3 saved: 7♥ by N-S, 8 tricks · N-S +200, E-W +20",
  // the game it ended: table_entry.html's #saved, just above the next hand's form): that is where it lands,
  // with the focus on it so a screen reader reads it, and the next hand's form under it.
  function land() {
    var error = document.querySelector("[data-land-error]");
    if (error) {
      error.scrollIntoView({ block: "center" });
      error.focus({ preventScroll: true });
      return;
    }
    var form = document.querySelector("form[data-land]");
    var list = document.querySelector("[data-land-above]");
    var saved = document.querySelector("[data-saved]");
    if (saved && !saved.textContent.trim()) saved = null;
    if (!form) {  // all hands in: the list to check (and what was saved), then "Check and confirm" under it
      if (saved) {
        var said = saved.getBoundingClientRect();
        var top = list && said.bottom - list.getBoundingClientRect().top + 8 <= window.innerHeight
          ? list.getBoundingClientRect().top : said.top;
        window.scrollTo(0, Math.max(0, window.pageYOffset + top - 4));
        saved.focus({ preventScroll: true });
      } else if (list && document.getElementById("confirm")) list.scrollIntoView({ block: "start" });
      return;
    }
    var heading = document.getElementById("enter");  // "Hand 4 of 4", or "Correct hand 2" just above its form
    var box = form.getBoundingClientRect();
    var start = heading ? Math.min(heading.getBoundingClientRect().top, box.top) : box.top;
    if (saved) start = Math.min(start, saved.getBoundingClientRect().top);  // what was saved comes first
    var from = list ? list.getBoundingClientRect().top : start;  // "Hands 1–3 ▸ See or fix"
    if (box.bottom - from + 8 > window.innerHeight) from = start;  // no room for both: the form wins
    window.scrollTo(0, Math.max(0, window.pageYOffset + from - (saved ? 1 : 4)));
    if (saved) saved.focus({ preventScroll: true });
    else if (heading) heading.focus({ preventScroll: true });
  }

  // --- "Saving…": one tap, one request --------------------------------------------------------
  // The button says what is happening and stays disabled until the answer; a second tap (or an
  // Enter in the note) sends nothing. It comes back if the save failed ("entry:notsaved" from
  // sayWhenNotSaved) or the page is shown again from the back button.
  function showSaving(form) {
    var button = form.querySelector("button[data-saving]");
    if (!button) return;
    var label = button.textContent;
    var sent = false;
    function ready() {
      sent = false;
      button.disabled = false;
      button.removeAttribute("aria-disabled");
      form.removeAttribute("aria-busy");
      button.textContent = label;
    }
    form.addEventListener("submit", function (e) {
      if (sent) { e.preventDefault(); e.stopImmediatePropagation(); return; }
      if (e.submitter && e.submitter !== button) return;  // "Check the points first" (no JavaScript only)
      sent = true;
      button.textContent = button.getAttribute("data-saving");
      button.setAttribute("aria-disabled", "true");
      form.setAttribute("aria-busy", "true");
      // Disabled after the browser has read the form, so an ordinary post still sends the button.
      window.setTimeout(function () { if (sent) button.disabled = true; }, 0);
    });
    form.addEventListener("entry:notsaved", ready);
    window.addEventListener("pageshow", function (e) { if (e.persisted) ready(); });
  }

  // --- a save the server could not answer -------------------------------------------------
  // The form is posted with fetch so that a failure can be told apart from an answer: a 5xx
  // (the database down, a worker killed) or no network leaves the form as typed and says "Not
  // saved — try again". Any other answer (the next page, the form with its errors) is shown as
  // an ordinary post would show it.
  function sayWhenNotSaved(form) {
    if (!window.fetch || !window.FormData) return;  // an older browser posts the ordinary way
    var note = document.createElement("p");
    note.className = "message error save-failed";
    note.setAttribute("role", "alert");
    note.tabIndex = -1;
    note.hidden = true;
    note.textContent = gettext("Not saved — try again. Your hand may not have been saved: check the list of hands, " +
      "then press Save again. If it keeps happening, tell the organizer.");
    var actions = form.querySelector(".form-actions");  // next to the Save button the person just tapped
    form.insertBefore(note, actions || form.firstChild);
    var busy = false;
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (busy) return;
      busy = true;
      note.hidden = true;
      var data = new FormData(form);
      if (e.submitter && e.submitter.name) data.append(e.submitter.name, e.submitter.value);
      // Sent as an ordinary form is (application/x-www-form-urlencoded), not as multipart: no files here, and
      // the server reads it for a fraction of the work (docs/performance.md).
      fetch(form.action, { method: "POST", body: window.URLSearchParams ? new URLSearchParams(data) : data,
                           credentials: "same-origin",
                           headers: { "X-Entry-Fetch": "1" } }).then(function (response) {
        if (response.status >= 500) { var lost = new Error("HTTP " + response.status); lost.status = response.status; throw lost; }
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") === 0) {
          return response.json().then(function (answer) { window.location.assign(answer.next); });
        }
        return response.text().then(function (html) {
          // A refused save (the form with its errors) is shown as it came, with its address.
          if (response.redirected && window.history.replaceState) window.history.replaceState(null, "", response.url);
          document.open(); document.write(html); document.close();
        });
      }).catch(function (error) {
        busy = false;
        // Hook for static/js/offline.js: a hand the network lost is kept on the phone instead.
        if (window.fhOffline && window.fhOffline.keep(form, data, (error && error.status) || 0)) return;
        note.hidden = false;
        form.dispatchEvent(new CustomEvent("entry:notsaved"));
        note.scrollIntoView({ block: "center" });
        note.focus({ preventScroll: true });
      });
    });
  }

  // A table of three: hide the bidder's own tricks row (all three until a bidder is chosen), fill in the second defender's tricks
  // (what is left of the 10) and show each player's points and total as the server scores them.
  function wireThreeForm(form) {
    var node = document.getElementById("three-score-table");
    var three = node ? JSON.parse(node.textContent) : null;
    var box = document.getElementById("three-preview");
    var seats = Array.prototype.map.call(form.querySelectorAll("[data-three-seat]"), function (f) {
      return f.getAttribute("data-three-seat");
    });
    function checked(name) { var el = form.querySelector('input[name="' + name + '"]:checked'); return el ? el.value : ""; }
    function update(e) {
      var bidder = checked("declarer_seat"), contract = checked("contract"), tricks = checked("tricks");
      // The defenders' rows once the bidder is known (the form stays about one screen until then).
      seats.forEach(function (seat) {
        form.querySelector('[data-three-seat="' + seat + '"]').hidden = !bidder || seat === bidder;
      });
      var rest = form.querySelector(".three-rest");
      if (rest) rest.hidden = !bidder;
      // Until the hand is complete the preview is empty (not the last hand's: offline.js clears the
      // form for the next hand while the page stays).
      if (box) { box.textContent = ""; box.setAttribute("data-empty", ""); }
      form.removeAttribute("data-points");
      // A revoke changes the points (McAllen O): "Check the points first" asks the server instead.
      if (!bidder || tricks === "" || checked("penalty_side")) return;
      var defenders = seats.filter(function (seat) { return seat !== bidder; });
      var changed = e && e.target && e.target.name === "seat_" + defenders[1] ? 1 : 0;
      var given = checked("seat_" + defenders[changed]);
      if (given === "") return;
      var other = 10 - parseInt(tricks, 10) - parseInt(given, 10);
      var otherInput = form.querySelector('input[name="seat_' + defenders[1 - changed] + '"][value="' + other + '"]');
      if (otherInput) otherInput.checked = true;
      var first = changed === 0 ? given : String(other);
      var points = contract ? threePoints(three, contract, tricks, first) : null;
      if (!points || !box) return;
      var bySeat = {}, trickOf = {};
      bySeat[bidder] = points[0]; bySeat[defenders[0]] = points[1]; bySeat[defenders[1]] = points[2];
      trickOf[bidder] = tricks; trickOf[defenders[0]] = first; trickOf[defenders[1]] = String(10 - tricks - first);
      box.textContent = "";
      box.removeAttribute("data-empty");
      // The hand's points in words, for offline.js to say beside a hand it keeps on the phone.
      form.setAttribute("data-points", seats.map(function (seat) {
        return form.querySelector('[data-three-seat="' + seat + '"]').getAttribute("data-name") + " " + signed(bySeat[seat]);
      }).join(", "));
      var list = document.createElement("ul");
      list.className = "three-points";
      seats.forEach(function (seat) {
        var total = document.getElementById("total-" + seat);
        var base = total ? parseInt(total.getAttribute("data-base") || total.textContent, 10) : 0;
        var item = document.createElement("li");
        item.setAttribute("data-preview-seat", seat);
        var name = form.querySelector('[data-three-seat="' + seat + '"]').getAttribute("data-name");
        // Correcting: the totals on the page still hold the stored hand, so only the hand's points show;
        // so too with hands kept on the phone (offline.js marks the form data-kept): the totals lack them.
        item.textContent = name + ": " + (form.hasAttribute("data-correcting") || form.hasAttribute("data-kept")
          ? interpolate(gettext("%(tricks)s tricks, %(points)s"), { tricks: trickOf[seat], points: signed(bySeat[seat]) }, true)
          : interpolate(gettext("%(tricks)s tricks, %(points)s → %(total)s"),
                        { tricks: trickOf[seat], points: signed(bySeat[seat]), total: base + bySeat[seat] }, true));
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    form.addEventListener("change", update);
    update();
  }
  // A table of two, five or six (.seats-form) has its own preview (static/js/seats.js).
  document.querySelectorAll(".three-form:not(.seats-form)").forEach(wireThreeForm);
  document.querySelectorAll(".hand-form:not(.three-form)").forEach(wireHandForm);
  var sheet = document.getElementById("sheet-form");
  if (sheet) wireSheet(sheet);
  document.querySelectorAll("form").forEach(showSaving);  // before sayWhenNotSaved: it sees a second tap first
  document.querySelectorAll(".hand-form, #sheet-form").forEach(sayWhenNotSaved);
  land();
})();
