// A hand at a table of two, five or six (templates/scoring/_seats_form.html): hide the bidder's own
// tricks row (his side's tricks are asked above it) and, at five, his own button among the partners;
// once every other player's tricks but one are given, fill in the last with what is left of the 10.
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
    function update(e) {
      var bidder = checked("declarer_seat"), partner = checked("partner_seat"), tricks = checked("tricks");
      var own = placeOf[bidder] || bidder;
      rows.forEach(function (row) { row.hidden = !bidder || row.getAttribute("data-place") === own; });
      form.querySelectorAll("[data-partner-seat]").forEach(function (label) {
        label.hidden = label.getAttribute("data-partner-seat") === bidder;
      });
      if (!bidder || tricks === "") return;
      // The others' rows, the partner's apart: his tricks are among the side's.
      var others = rows.map(function (row) { return row.getAttribute("data-place"); }).filter(function (key) {
        return key !== own && key !== partner;
      });
      var left = 10 - parseInt(tricks, 10), unknown = [];
      others.forEach(function (key) {
        var value = checked("seat_" + key);
        if (value === "") unknown.push(key); else left -= parseInt(value, 10);
      });
      if (unknown.length === 1 && left >= 0) {
        var input = form.querySelector('input[name="seat_' + unknown[0] + '"][value="' + left + '"]');
        if (input) input.checked = true;
      }
    }
    form.addEventListener("change", update);
    update();
  }
  document.querySelectorAll(".seats-form").forEach(wire);
})();
