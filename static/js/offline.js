/* Entry that survives a dropped connection (README, "When the wifi drops").

   A hand (or the opponents' confirmation) that the network lost is kept on this phone, in the
   browser's localStorage, under its own id; the page says "Saved on this phone, not sent yet"
   beside it and moves on to the next hand. The queue is sent when the connection returns (the
   "online" event, a retry that waits longer each time, and every time a table page opens). The
   server takes each id once (scoring.models.ClientSave), so sending twice never makes two hands.
   A save the server refuses stays here, with the reason, until the person presses "Try again" or
   "Discard". It also registers the table pages' service worker (/t/sw.js), which lets the page
   open with no network once it has been opened once.

   Ordinary saves are entry.js's: this file steps in only when the phone is offline, when hands
   are already waiting (so they keep their order), or through window.fhOffline.keep(), which
   entry.js calls when a save gets no answer or 502/503/504. */
(function () {
  "use strict";

  // The page's words come from Django's JavaScript catalog (/jsi18n/), loaded before this file; a
  // page opened with no network and no kept copy of it still works, in English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  };

  var STORE = "fh-entry-queue-v1";
  var SAID = "fh-entry-said";  // sessionStorage: words to say on the page that comes after a reload
  var KEEP_DAYS = 3;  // as long as the table link's session (config/settings.py SESSION_COOKIE_AGE)
  var RETRY_SECONDS = [5, 10, 20, 40, 60];
  var LOST = [0, 502, 503, 504];  // no answer, or a proxy saying the server did not answer
  var SIDES = { ns: gettext("N-S"), ew: gettext("E-W") };
  var PENALTIES = { revoke: gettext("revoke"), bid_out_of_turn: gettext("bid out of turn"),
                    exposed_card: gettext("exposed card"), note: gettext("note") };

  var dataNode = document.getElementById("offline-data");
  var info = dataNode ? JSON.parse(dataNode.textContent) : null;
  var script = document.currentScript;

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    // crypto.randomUUID needs https; a hall laptop serves plain http on the local network.
    var b = crypto.getRandomValues(new Uint8Array(16)), hex = "";
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    for (var i = 0; i < 16; i++) hex += (b[i] + 256).toString(16).slice(1) + ([3, 5, 7, 9].indexOf(i) >= 0 ? "-" : "");
    return hex;
  }

  // --- the queue in localStorage ------------------------------------------------------------
  function load() {
    var items;
    try { items = JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { items = []; }
    var oldest = Date.now() - KEEP_DAYS * 86400000;
    return Array.isArray(items) ? items.filter(function (it) { return it && it.id && it.at > oldest; }) : [];
  }
  function store(items) {
    try { localStorage.setItem(STORE, JSON.stringify(items)); return true; } catch (e) { return false; }
  }
  function update(id, change) {
    store(load().map(function (it) { return it.id === id ? Object.assign(it, change) : it; }));
  }
  function drop(id) { store(load().filter(function (it) { return it.id !== id; })); }
  function path(url) { return new URL(url, location.href).pathname; }
  function mine(it) { return info && it.page === info.page; }
  function waiting(items) { return items.filter(function (it) { return it.state === "waiting"; }); }

  function csrf(form) {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]") || (form && form.elements.csrfmiddlewaretoken);
    return field ? field.value : "";
  }

  // --- keeping a save ------------------------------------------------------------------------
  // The text of the choice button of radio `name` with `value` ("" when there is none).
  function choiceText(form, name, value) {
    var input = value && form.querySelector('input[name="' + name + '"][value="' + value + '"]');
    return input ? input.parentNode.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function describe(form, fields) {
    var get = function (name) { var f = fields.filter(function (p) { return p[0] === name; })[0]; return f ? f[1] : ""; };
    if (form.classList.contains("confirm-form")) return { number: null, label: gettext("Confirmation of the scores") };
    var number = parseInt(get("number"), 10);
    var contract = get("contract"), box = form.querySelector('input[name=contract][value="' + contract + '"]');
    var short = box && box.parentNode.querySelector("b");  // "7♥", "8NT": as the list of hands shows it
    // A table of three's buttons say "7♠ Spades · 140" or "Misère · 250": the part before "·", a
    // bid's number and suit only. The bidder is a player there, by name, not a side.
    var spoken = choiceText(form, "contract", contract).split("·")[0].trim();
    if (/^\d/.test(spoken)) spoken = spoken.split(" ")[0];
    var words = (short && short.textContent.trim()) || spoken || contract;
    var bidder = SIDES[get("declarer")] || choiceText(form, "declarer_seat", get("declarer_seat"));
    var label = interpolate(gettext("Hand %(number)s: %(contract)s by %(side)s, %(tricks)s tricks"), {
      number: number, contract: words || gettext("no contract"), side: bidder || "?",
      tricks: get("tricks") || "?"
    }, true);
    if (get("penalty_kind")) label += " (" + (PENALTIES[get("penalty_kind")] || get("penalty_kind").replace(/_/g, " ")) + ")";
    return { number: number, label: label };
  }

  function keep(form, data, status) {
    if (!info || LOST.indexOf(status || 0) < 0) return false;
    if (data && data.has("preview")) return false;  // "Check the points first" saves nothing
    if (path(form.action) !== info.page && path(form.action) !== info.confirm) return false;
    var fields = [];
    (data || new FormData(form)).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "preview" && typeof value === "string") fields.push([name, value]);
    });
    // The side this phone proved (docs/trust.md): the server sends the save only while the phone is
    // still proven as that side, and otherwise refuses it in words (the phone keeps it).
    if (info.side && !fields.some(function (p) { return p[0] === "side"; })) fields.push(["side", info.side]);
    var id = form.elements.client_id ? form.elements.client_id.value : newId();
    var about = describe(form, fields);
    var items = load().filter(function (it) { return it.id !== id; });
    items.push({ id: id, kind: about.number ? "hand" : "confirm", page: info.page, url: path(form.action),
                 table: info.table, number: about.number, label: about.label, fields: fields,
                 at: Date.now(), state: "waiting", message: "" });
    if (!store(items)) return false;  // storage full or forbidden: entry.js says "Not saved"
    var points = form.getAttribute("data-points");  // entry.js: the points the preview showed, in words
    if (about.number) nextHand(form, about.number + 1); else form.hidden = true;
    render();
    say(gettext("Saved on this phone, not sent yet."), about.label + (points ? " · " + points : ""), "warning");
    schedule(RETRY_SECONDS[0]);
    return true;
  }

  // A kept save's fields, sent as an ordinary form is (urlencoded; entry.js does the same), or as multipart
  // where the browser has no URLSearchParams.
  function formBody() { return window.URLSearchParams ? new URLSearchParams() : new FormData(); }

  // What a save did, in the page's live region just above the next hand's form (table_entry.html #saved),
  // brought to the top of the screen: a hand kept here, or an offline conflict settled.
  function say(headline, detail, kind) {
    var region = document.getElementById("saved");
    if (!region) return;
    region.textContent = "";
    var said = line("p", "message " + kind + " saved-line", "");
    said.appendChild(line("strong", "", headline));
    if (detail) said.appendChild(document.createTextNode(" " + detail));
    region.appendChild(said);
    window.scrollTo(0, Math.max(0, window.pageYOffset + region.getBoundingClientRect().top - 4));
  }

  // The server's page showed hand N; with N kept here, the form goes on to N+1 by itself.
  function nextHand(form, number) {
    var next = form.elements.number;
    if (!next || parseInt(next.value, 10) >= number) return;
    if (number > info.hands) {
      form.hidden = true;
      return;
    }
    next.value = String(number);
    form.elements.client_id.value = newId();
    form.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; });
    form.querySelectorAll("input.step-number").forEach(function (n) { n.value = ""; n.removeAttribute("data-filled"); });
    ["penalty_kind", "penalty_side", "penalty_seat", "note"].forEach(function (name) {
      var f = form.elements[name];
      if (f && f.tagName) f.value = "";
    });
    var penalty = form.querySelector("details.penalty");
    if (penalty) penalty.open = false;
    var heading = form.querySelector("h2");
    if (heading && heading.firstChild) {
      heading.firstChild.textContent = interpolate(gettext("Hand %(number)s"), { number: number }, true) + " ";
      var sub = heading.querySelector(".muted");
      if (sub) {
        sub.textContent = interpolate(gettext("of %(hands)s · %(dealer)s deals"),
                                      { hands: info.hands, dealer: info.dealers[number] || "" }, true);
      }
    }
    var save = form.querySelector("button[name=save]");
    if (save) {
      save.textContent = interpolate(gettext("Save hand %(number)s"), { number: number }, true);
      save.setAttribute("data-saving", interpolate(gettext("Saving hand %(number)s…"), { number: number }, true));
    }
    // The round totals in the preview add only the hands the server has: hide them meanwhile
    // (a table of three's preview shows each player's points without a total: entry.js reads data-kept).
    var totals = form.querySelector(".preview-totals");
    if (totals) totals.hidden = true;
    form.setAttribute("data-kept", "");
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // --- sending -------------------------------------------------------------------------------
  var timer = null, tries = 0, sending = false;

  function schedule(seconds) {
    clearTimeout(timer);
    timer = setTimeout(send, seconds * 1000);
  }

  function send() {
    clearTimeout(timer);
    if (sending || navigator.onLine === false) return;  // the "online" event sends it when the wifi is back
    var queue = waiting(load());
    if (!queue.length) return;
    sending = true;
    var sent = 0, conflicts = 0;
    (function next(i) {
      if (i >= queue.length) return done(true);
      var it = queue[i];
      var body = formBody();
      it.fields.forEach(function (p) { body.append(p[0], p[1]); });
      body.set("client_id", it.id);
      body.set("csrfmiddlewaretoken", csrf());
      fetch(it.url, { method: "POST", body: body, credentials: "same-origin",
                      headers: { "Accept": "application/json", "X-CSRFToken": csrf() } })
        .then(function (response) {
          if (response.status >= 500) throw new Error("HTTP " + response.status);
          return response.json().catch(function () { return null; }).then(function (answer) {
            if (response.ok && answer && (answer.status === "saved" || answer.status === "already")) {
              drop(it.id);
              sent++;
            } else if (answer && answer.status === "conflict") {
              // Another phone entered this hand meanwhile, differently (scoring.views.entry._conflict): both
              // versions in words, "Keep mine" or "Keep theirs"; trying again could only fail again.
              update(it.id, { state: "refused", message: answer.message, again: false, conflict: {
                mine: answer.mine, theirs: answer.theirs, by: answer.by, version: answer.version,
                fix: answer.fix, reason: answer.reason } });
              conflicts++;
            } else {
              // again false: its id already stored another hand, so only Discard is offered.
              update(it.id, { state: "refused", message: refusal(response.status, answer),
                              again: !(answer && answer.again === false) });
            }
            next(i + 1);
          });
        })
        .catch(function () { done(false); });
    })(0);

    function done(reached) {
      sending = false;
      tries = reached ? 0 : tries + 1;
      render();
      if (waiting(load()).length) schedule(RETRY_SECONDS[Math.min(tries, RETRY_SECONDS.length - 1)]);
      if (sent && untouched()) { location.reload(); return; }  // show the server's own list of hands
      if (conflicts) {  // the other phone's hand in the list and totals at once; "kept here" no longer holds
        var region = document.getElementById("saved");
        if (region) region.textContent = "";
        refresh();
        showConflict();
      }
    }
  }

  function refusal(status, answer) {
    if (answer && answer.message) return answer.message;
    if (status === 403) return gettext("Not saved: the server did not accept this phone's page any more. Reload the page, then press Try again.");
    if (status === 404) return gettext("Not saved: this table's link no longer works. Ask the organizer.");
    return interpolate(gettext("Not saved: the server refused it (error %(status)s). Show this to the organizer."),
                       { status: status }, true);
  }

  // Nothing typed into the next hand yet, so reloading the page loses nothing.
  function untouched() {
    var form = document.getElementById("hand-form");
    return !form || form.hidden || !form.querySelector("input[type=radio]:checked");
  }

  // --- showing the queue ---------------------------------------------------------------------
  var box = null;

  function render() {
    var items = load();
    if (!box) {
      box = document.createElement("section");
      box.className = "offline-queue";
      box.id = "offline-queue";
      box.setAttribute("aria-live", "polite");
      box.setAttribute("aria-label", gettext("Kept on this phone"));
      var anchor = document.getElementById("hands");
      if (anchor) anchor.parentNode.insertBefore(box, anchor.nextSibling);
      else (document.querySelector("main") || document.body).appendChild(box);
      box.addEventListener("click", decide);
    }
    box.textContent = "";
    if (navigator.onLine === false) {
      box.appendChild(line("p", "message warning offline-state",
        gettext("No connection. Hands you save are kept on this phone and sent when the wifi is back.")));
    }
    items.forEach(function (it) {
      var row = line("div", "message " + (it.state === "refused" ? "error" : "warning") + " offline-item", "");
      row.setAttribute("data-offline-id", it.id);
      var where = mine(it) ? "" : interpolate(gettext("Table %(number)s"), { number: it.table }, true) + " · ";
      row.appendChild(line("strong", "offline-label", where + it.label));
      if (it.conflict) {
        row.className += " offline-conflict";
        row.setAttribute("role", "alert");
        row.appendChild(line("p", "offline-why", it.message));
        var versions = line("div", "versions", "");
        [[gettext("Your phone"), it.conflict.mine, ""], [gettext("The other phone"), it.conflict.theirs, it.conflict.by]]
          .forEach(function (v, i) {
            var one = line("div", "version " + (i ? "version-theirs" : "version-mine"), "");
            one.appendChild(line("strong", "", v[0]));
            one.appendChild(line("p", "", v[1]));
            if (v[2]) one.appendChild(line("p", "muted small", v[2]));
            versions.appendChild(one);
          });
        row.appendChild(versions);
        var choose = line("div", "form-actions conflict-actions", "");
        var keepMine = line("button", "primary big", gettext("Keep mine"));
        keepMine.type = "button"; keepMine.setAttribute("data-offline-mine", it.id);
        var keepTheirs = line("button", "big", gettext("Keep theirs"));
        keepTheirs.type = "button"; keepTheirs.setAttribute("data-offline-theirs", it.id);
        choose.appendChild(keepMine);
        choose.appendChild(keepTheirs);
        row.appendChild(choose);
      } else if (it.state === "refused") {
        row.setAttribute("role", "alert");
        row.appendChild(line("p", "offline-why", it.message));
        var actions = line("div", "form-actions", "");
        if (it.again !== false) {
          var again = line("button", "primary", gettext("Try again"));
          again.type = "button"; again.setAttribute("data-offline-retry", it.id);
          actions.appendChild(again);
        }
        var discard = line("button", "danger", gettext("Discard"));
        discard.type = "button"; discard.setAttribute("data-offline-discard", it.id);
        actions.appendChild(discard);
        row.appendChild(actions);
      } else {
        row.appendChild(line("p", "offline-why", gettext("Saved on this phone, not sent yet.")));
      }
      box.appendChild(row);
    });
    box.hidden = !box.firstChild;
  }

  function line(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  }

  function decide(e) {
    var button = e.target.closest("button");
    if (!button) return;
    var retry = button.getAttribute("data-offline-retry"), discard = button.getAttribute("data-offline-discard");
    if (retry) { update(retry, { state: "waiting", message: "", again: true }); tries = 0; render(); send(); }
    if (discard) { drop(discard); render(); }
    var it = load().filter(function (item) {
      return item.id === (button.getAttribute("data-offline-mine") || button.getAttribute("data-offline-theirs"));
    })[0];
    if (!it || !it.conflict) return;
    if (button.hasAttribute("data-offline-theirs")) {
      drop(it.id);
      render();
      refresh([interpolate(gettext("Hand %(number)s: the other phone's version is kept."), { number: it.number }, true),
               it.conflict.theirs, "success"]);
    } else {
      keepMine(it, button);
    }
  }

  // "Keep mine": the kept hand sent as a correction of the stored one, at the version the server showed
  // (scoring.views.entry.hand_edit): the other side then accepts it or disputes it (docs/trust.md).
  function keepMine(it, button) {
    button.disabled = true;
    var body = formBody();
    it.fields.forEach(function (p) { body.append(p[0], p[1]); });
    body.delete("client_id");
    body.set("version", String(it.conflict.version));
    body.set("reason", it.conflict.reason || "");
    body.set("csrfmiddlewaretoken", csrf());
    fetch(it.conflict.fix, { method: "POST", body: body, credentials: "same-origin",
                             headers: { "Accept": "application/json", "X-CSRFToken": csrf() } })
      .then(function (response) {
        if (response.status >= 500) throw new Error("HTTP " + response.status);
        return response.json().catch(function () { return null; }).then(function (answer) {
          if (response.ok && answer && answer.status === "saved") {
            drop(it.id);
            render();
            refresh(["✓ " + answer.message, it.conflict.mine, "success"]);
          } else {
            update(it.id, { conflict: null, message: refusal(response.status, answer), again: false });
            render();
          }
        });
      })
      .catch(function () {  // no answer: the choice stays on screen, to press again with the wifi back
        button.disabled = false;
        say(gettext("No connection. Hands you save are kept on this phone and sent when the wifi is back."), "", "warning");
      });
  }

  // The server's list of hands and totals, swapped in without reloading the page (what is typed in the
  // next hand's form stays), then `said` ([headline, detail, kind]) in the live region. After a choice
  // (`said`), with nothing typed and nothing kept, the whole page again when the next step is another (the
  // next hand, or the round in and "Check and confirm"); `said` is kept for that page (sessionStorage).
  function refresh(said) {
    if (said) say(said[0], said[1], said[2]);
    fetch(info.page, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      var form = document.getElementById("hand-form"), next = fresh.getElementById("hand-form");
      var number = function (f) { return f && !f.hidden && f.elements.number ? f.elements.number.value : ""; };
      var confirming = function (doc) { return !!doc.getElementById("confirm"); };
      // Only after the person's own choice (`said`): a conflict just shown stays on the page it came to.
      if (said && untouched() && !waiting(load()).some(mine)
          && (number(form) !== number(next) || confirming(document) !== confirming(fresh))) {
        try { if (said) sessionStorage.setItem(SAID, JSON.stringify(said)); } catch (e) { /* said once, here */ }
        location.reload();
        return;
      }
      ["#hands", "section.seats"].forEach(function (selector) {
        var old = document.querySelector(selector), now = fresh.querySelector(selector);
        if (!old || !now) return;
        now = document.importNode(now, true);
        if (old.open) now.open = true;
        old.replaceWith(now);
      });
      if (form && next && !waiting(load()).some(mine)) {  // nothing kept here any more: the form's totals are the server's
        form.setAttribute("data-base-ns", next.getAttribute("data-base-ns") || "0");
        form.setAttribute("data-base-ew", next.getAttribute("data-base-ew") || "0");
        form.removeAttribute("data-kept");
        var totals = form.querySelector(".preview-totals");
        if (totals) totals.hidden = false;
        form.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }).catch(function () {});
  }

  function showConflict() {
    var row = box && box.querySelector(".offline-conflict");
    if (row) row.scrollIntoView({ block: "start" });
  }

  // --- wiring --------------------------------------------------------------------------------
  function hasWaiting() { return waiting(load()).some(mine); }

  // Offline, or with hands already waiting (they go first, in order), a save joins the queue.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!info || !form.matches || !form.matches("#hand-form, .confirm-form")) return;
    if (e.submitter && e.submitter.name === "preview") return;
    if (navigator.onLine === false || hasWaiting()) {
      e.preventDefault();
      e.stopImmediatePropagation();
      keep(form, null, 0);
      return;
    }
    // Online with nothing waiting, a confirmation posts the ordinary way (a real navigation to the
    // answer: confirmed, or the PIN error with the focus on it) and a hand goes through entry.js.
  }, true);

  function wire() {
    if (!info) return;
    document.querySelectorAll("#hand-form, .confirm-form").forEach(function (form) {
      if (form.elements.client_id) return;
      var id = document.createElement("input");
      id.type = "hidden"; id.name = "client_id"; id.value = newId();
      form.appendChild(id);
    });
    var form = document.getElementById("hand-form");
    var mineNow = load().filter(mine);
    if (form) {
      var numbers = mineNow.filter(function (it) { return it.kind === "hand"; }).map(function (it) { return it.number; });
      var n = parseInt(form.elements.number.value, 10);
      while (numbers.indexOf(n) >= 0) n++;
      nextHand(form, n);
    }
    if (mineNow.some(function (it) { return it.kind === "confirm" && it.state === "waiting"; })) {
      document.querySelectorAll(".confirm-form").forEach(function (f) { f.hidden = true; });
    }
    if (navigator.onLine === false) {
      // The last copy kept on this phone: its "saved" notes are from then, not now.
      document.querySelectorAll(".messages, .saved-line").forEach(function (m) { m.hidden = true; });
    }
    render();
    showConflict();
    var said = null;  // refresh(): what this phone said before the page came again
    try { said = JSON.parse(sessionStorage.getItem(SAID) || "null"); sessionStorage.removeItem(SAID); } catch (e) { said = null; }
    if (said) say(said[0], said[1], said[2]);
    window.addEventListener("online", function () { tries = 0; render(); send(); });
    window.addEventListener("offline", render);
    send();
  }

  function register() {
    if (!("serviceWorker" in navigator) || !script || !script.dataset.sw) return;
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(script.dataset.sw, { scope: script.dataset.scope }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (!controlled && registration.active) {
        // The page and its words (the JavaScript catalog it loaded), for a reload with no network.
        registration.active.postMessage({ keepPage: location.href.split("#")[0], keepCatalog: script.dataset.catalog || "" });
      }
    }).catch(function () {});  // no service worker (plain http away from localhost): the queue still works
  }

  window.fhOffline = { keep: keep, send: send };
  wire();
  register();
})();
