// A hand at a table of two, five or six (templates/scoring/_seats_form.html): hide the bidder's own
// tricks row (his side's tricks are asked above it) and, at five, his own button among the partners;
// show the [−] [+] buttons around each other player's number box (without this script the box alone
// takes a number); once every other player's tricks but one are given, fill in the last with what is
// left of the 10, and keep it following the others while nobody has typed it.
// Each question folds to one line, "Bidder  Ana Garza  Change", once a choice is tapped, so that the
// whole hand fits one phone screen at five and six; the line, tapped, opens the question again.
// A question with no choice (the next hand, a new form) or with an error stays open; a choice
// moved with the keyboard does not fold it (the arrows would close it under the finger).
// The server checks and scores the hand again (scoring.seat_forms); this only saves taps.
(function () {
  "use strict";
  function wire(form) {
    var placeOf = {};
    (form.getAttribute("data-places") || "").split(" ").forEach(function (pair) {
      var parts = pair.split(":");
      if (parts.length === 2) placeOf[parts[0]] = parts[1];
    });
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-place]"));
    function checked(name) { var el = form.querySelector('input[name="' + name + '"]:checked'); return el ? el.value : ""; }
    function box(key) { return form.querySelector('input[name="seat_' + key + '"]'); }
    function count(input) {
      var value = input ? input.value.trim() : "";
      return /^\d+$/.test(value) ? parseInt(value, 10) : null;
    }
    function update() {
      var bidder = checked("declarer_seat"), partner = checked("partner_seat"), tricks = checked("tricks");
      var own = placeOf[bidder] || bidder;
      rows.forEach(function (row) { row.hidden = !bidder || row.getAttribute("data-place") === own; });
      var rest = form.querySelector(".seats-rest");  // what the rows ask: with them, once a bidder is known
      if (rest) rest.hidden = !bidder;
      form.querySelectorAll("[data-partner-seat]").forEach(function (label) {
        label.hidden = label.getAttribute("data-partner-seat") === bidder;
      });
      if (!bidder || tricks === "") return;
      // The others' rows, the partner's apart: his tricks are among the side's. A box this page
      // filled in (data-filled) counts as not given, so it follows the others.
      var others = rows.map(function (row) { return row.getAttribute("data-place"); }).filter(function (key) {
        return key !== own && key !== partner;
      });
      var left = 10 - parseInt(tricks, 10), unknown = [];
      others.forEach(function (key) {
        var input = box(key), value = count(input);
        if (value === null || input.hasAttribute("data-filled")) unknown.push(key); else left -= value;
      });
      if (unknown.length === 1 && left >= 0 && left <= 10) {
        var last = box(unknown[0]);
        last.value = String(left);
        last.setAttribute("data-filled", "");
      }
    }
    function typed(e) {
      var box = e.target && e.target.name && e.target.name.indexOf("seat_") === 0;
      if (box) e.target.removeAttribute("data-filled");
      update();
      // A typed number tells the page at once, as a tapped button does (static/js/entry.js's preview
      // listens for "change"), not only when the box loses focus, which would move the Save button
      // under a finger already on its way to it.
      if (box && e.type === "input") e.target.dispatchEvent(new Event("change", { bubbles: true }));
    }
    rows.forEach(function (row) {
      var input = row.querySelector("input");
      row.querySelectorAll("button[data-step]").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () {
          var step = parseInt(button.getAttribute("data-step"), 10), value = count(input);
          value = value === null ? (step > 0 ? 1 : 0) : value + step;
          input.value = String(Math.max(0, Math.min(10, value)));
          input.dispatchEvent(new Event("input", { bubbles: true }));  // and so "change" (typed)
        });
      });
    });
    form.addEventListener("change", typed);
    form.addEventListener("input", typed);
    update();
    fold(form);
    var node = document.getElementById("seats-score-table");
    if (node) wirePreview(form, JSON.parse(node.textContent), placeOf, checked, count, box);
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  // The points as the hand is typed, "Made" and each player's "Name: +200 → 200", looked up in the
  // server's table (scoring.previews.preview_seated_table: [made, the bidding side's points, a
  // defending side's points by its own tricks] by contract and the bidding side's tricks), so this
  // holds no scoring rule. Empty until the hand is whole and its tricks add up to 10.
  function wirePreview(form, table, placeOf, checked, count, box) {
    var preview = document.getElementById("seats-preview");
    var seats = Object.keys(placeOf);
    function nameOf(seat) {
      var head = document.querySelector('.player-three[data-seat="' + seat + '"]');
      return head ? head.getAttribute("data-name") : seat;
    }
    function points() {
      var bidder = checked("declarer_seat"), partner = checked("partner_seat"), contract = checked("contract");
      var t = parseInt(checked("tricks"), 10), rows = table.points[contract];
      // A revoke changes the points (McAllen O): "Check the points first" asks the server instead.
      if (!bidder || !rows || !(t >= 0 && t <= 10) || checked("penalty_side")) return null;
      var row = rows[t], bidding = placeOf[bidder], bySeat = {}, taken = 0, sides = {};
      if (row[1] === null) return null;
      for (var i = 0; i < seats.length; i++) {
        var seat = seats[i], side = placeOf[seat];
        if (side === bidding || seat === partner) { bySeat[seat] = row[1]; continue; }
        var own = count(box(side));
        if (own === null || own > 10 - t || row[2][own] === null) return null;  // row[2] has 0..10-t
        bySeat[seat] = row[2][own];
        if (!sides[side]) { sides[side] = true; taken += own; }
      }
      return taken === 10 - t ? { made: row[0], bySeat: bySeat } : null;
    }
    function show() {
      var result = points();
      preview.textContent = "";
      preview.setAttribute("data-empty", "");
      form.removeAttribute("data-points");
      if (!result) return;
      preview.removeAttribute("data-empty");
      var plain = form.hasAttribute("data-correcting") || form.hasAttribute("data-kept");
      var head = document.createElement("p"), strong = document.createElement("strong");
      strong.textContent = preview.getAttribute(result.made ? "data-made" : "data-set");
      head.appendChild(strong);
      preview.appendChild(head);
      var list = document.createElement("ul");
      list.className = "three-points";
      seats.forEach(function (seat) {
        var item = document.createElement("li"), pts = result.bySeat[seat];
        var total = document.getElementById("total-" + seat);
        var base = total ? parseInt(total.getAttribute("data-base") || total.textContent, 10) : 0;
        item.setAttribute("data-preview-seat", seat);
        // The name on the left, the points on the right: one line each even in French (who bid and
        // who was called are the folded lines just above).
        var who = document.createElement("span"), what = document.createElement("span");
        who.textContent = nameOf(seat) + ":";
        what.textContent = signed(pts) + (plain || !total ? "" : " → " + (base + pts));
        item.appendChild(who);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(what);
        list.appendChild(item);
      });
      preview.appendChild(list);
      // The hand's points in words, for static/js/offline.js to say beside a hand it keeps on the phone.
      form.setAttribute("data-points", seats.map(function (seat) {
        return nameOf(seat) + " " + signed(result.bySeat[seat]);
      }).join(", "));
    }
    form.addEventListener("change", show);
    form.addEventListener("input", show);
    show();
  }

  function fold(form) {
    var change = form.getAttribute("data-change") || "";
    var groups = Array.prototype.slice.call(form.querySelectorAll("fieldset[data-fold]"));
    function chosen(group) {
      var input = group.querySelector("input[type=radio]:checked");
      var label = input && input.closest("label");
      if (!label || label.hidden) return "";
      var span = label.querySelector("span");  // "7♥" and its "200": "7♥ 200"
      return Array.prototype.map.call(span ? span.childNodes : [], function (node) {
        return node.textContent.trim();
      }).filter(Boolean).join(" ");
    }
    function show(group, folded) {
      var answer = group.querySelector(".fold-answer"), text = chosen(group);
      if (!text || group.classList.contains("has-error")) folded = false;
      group.classList.toggle("folded", folded);
      answer.hidden = !folded;
      answer.setAttribute("aria-expanded", folded ? "false" : "true");
      var bold = answer.querySelector("b"), suit = group.querySelector("input:checked + span b");
      bold.textContent = text;
      bold.className = suit ? suit.className : "";  // a red suit stays red
    }
    groups.forEach(function (group) {
      var answer = document.createElement("button");
      answer.type = "button";
      answer.className = "fold-answer";
      [["span", "fold-what", group.getAttribute("data-fold")], ["b", "", ""], ["span", "fold-change", change]]
        .forEach(function (part) {
          var el = document.createElement(part[0]);
          if (part[1]) el.className = part[1];
          el.textContent = part[2];
          answer.appendChild(el);
        });
      var legend = group.querySelector("legend");
      group.insertBefore(answer, legend ? legend.nextSibling : group.firstChild);
      answer.addEventListener("click", function () {
        show(group, false);
        var first = group.querySelector("input:checked") || group.querySelector("input");
        if (first) first.focus();
      });
      // A tap (a click with a pointer: e.detail counts the presses, 0 from the keyboard) folds the
      // question once the radio under it is checked.
      group.addEventListener("click", function (e) {
        if (e.detail > 0 && e.target.closest("label.pick")) {
          window.setTimeout(function () { show(group, true); }, 0);
        }
      });
      show(group, !!chosen(group) && !form.querySelector(".has-error, [data-land-error]"));
    });
    // The next hand (static/js/offline.js clears the choices and says "change"), or a choice
    // hidden under it (the partner who became the bidder): the question opens again.
    form.addEventListener("change", function () {
      groups.forEach(function (group) { if (!chosen(group)) show(group, false); });
    });
  }
  document.querySelectorAll(".seats-form").forEach(wire);
})();
