// The organizer's pages: ask before destructive buttons, filter the check-in list as you type,
// show the fixed sit-out points only when that policy is chosen. Everything works without it.
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var button = event.submitter || event.target.querySelector("[data-confirm]");
    var message = button && button.getAttribute("data-confirm");
    if (message && !window.confirm(message)) {
      event.preventDefault();
    }
    if (!event.defaultPrevented && button) {
      // One tap, one request: a second tap on a slow connection does nothing.
      window.setTimeout(function () { button.disabled = true; }, 0);
    }
  });

  // The same key as the server's search_key (scoring/engine/registration.py): no accents, case,
  // spaces or punctuation, so "pena" finds Peña and "obrien" O'Brien.
  var PLAIN = { "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d" };
  function searchKey(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
      .replace(/[øłđħıæœþð]/g, function (ch) { return PLAIN[ch]; })
      .replace(/[^\p{L}\p{N}]/gu, "");
  }

  var filter = document.querySelector("[data-filter]");
  if (filter) {
    var items = document.querySelectorAll(filter.getAttribute("data-filter"));
    var noMatch = document.querySelector("[data-no-match]");
    filter.addEventListener("input", function () {
      var words = filter.value.trim().split(/\s+/).filter(Boolean).map(function (w) {
        return /^\d+$/.test(w) ? w : searchKey(w);
      }).filter(Boolean);
      var shown = 0;
      items.forEach(function (item) {
        var text = " " + (item.getAttribute("data-text") || "") + " ";
        var show = words.every(function (w) {
          return /^\d+$/.test(w) ? text.indexOf(" " + w + " ") !== -1 : text.indexOf(w) !== -1;
        });
        item.hidden = !show;
        shown += show ? 1 : 0;
      });
      if (noMatch) { noMatch.hidden = shown > 0 || items.length === 0; }
    });
    // Enter with exactly one partnership showing checks it in (or out): quick from a keyboard.
    filter.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") { return; }
      event.preventDefault();
      var shown = Array.prototype.filter.call(items, function (item) { return !item.hidden; });
      if (shown.length === 1) {
        var button = shown[0].querySelector("button");
        if (button) {
          try { window.sessionStorage.setItem("checkin-refocus", "1"); } catch (e) { /* private mode */ }
          button.click();
        }
      }
    });
    // Back from a keyboard check-in: the cursor is in the box again, ready for the next number.
    try {
      if (window.sessionStorage.getItem("checkin-refocus")) {
        window.sessionStorage.removeItem("checkin-refocus");
        filter.focus();
      }
    } catch (e) { /* private mode */ }
  }

  // After a rejected form, put the cursor in the first field that needs fixing.
  var firstError = document.querySelector(".field.has-error input, .field.has-error select, .field.has-error textarea");
  if (firstError) { firstError.focus(); }

  // The "Games to 500" settings only matter when the event is played as games: hidden for a
  // session (still sent, so nothing is lost by switching back and forth).
  var format = document.getElementById("id_format");
  var games = document.querySelector("[data-games-only]");
  if (format && games) {
    var syncGames = function () {
      games.hidden = format.value !== "games" && !games.querySelector(".has-error");
    };
    format.addEventListener("change", syncGames);
    syncGames();
  }

  var policy = document.getElementById("id_sit_out_policy");
  var points = document.getElementById("id_sit_out_points");
  if (policy && points) {
    var field = points.closest(".field");
    var sync = function () { field.hidden = policy.value !== "fixed"; };
    policy.addEventListener("change", sync);
    sync();
  }
}());
