/* Live standings: poll a fragment while the tab is visible and swap it in. No build step.
 *
 * The element with data-live-url holds the fragment. Each poll sends the last ETag in
 * If-None-Match; the server answers 304 (one tiny query) when no score has changed. When the
 * connection drops the status line says "Offline, retrying" and the delay backs off (5 s, 10 s,
 * 20 s, up to 60 s); the first good answer puts it back to normal. Another script can listen for
 * the "live:updated" event on the element (the projector re-pages its rows).
 * Its words come from Django's JavaScript catalog (gettext, interpolate), in the page's language.
 */
(function () {
  "use strict";
  var box = document.querySelector("[data-live-url]");
  if (!box || !window.fetch) { return; }
  var url = box.getAttribute("data-live-url");
  var etag = box.getAttribute("data-etag") || "";
  var base = (parseInt(box.getAttribute("data-live-seconds"), 10) || 5) * 1000;
  var delay = base;
  var maxDelay = 60000;
  var timer = null;
  var busy = false;
  var statusLine = document.querySelector("[data-live-status]");

  function say(text, state) {
    if (!statusLine) { return; }
    statusLine.textContent = text;
    statusLine.setAttribute("data-state", state);
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function clock() {
    // The page's language's clock, as the server writes it (tournaments.language.clock, config/formats):
    // 9:04 PM (English), 21:04 (Spanish), 21 h 04 (French).
    var d = new Date();
    var lang = (document.documentElement.getAttribute("lang") || "en").slice(0, 2);
    if (lang === "es") { return two(d.getHours()) + ":" + two(d.getMinutes()); }
    if (lang === "fr") { return d.getHours() + " h " + two(d.getMinutes()); }
    return d.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", hour12: true });
  }

  function schedule(ms) {
    window.clearTimeout(timer);
    if (document.visibilityState === "visible") { timer = window.setTimeout(poll, ms); }
  }

  function poll() {
    if (busy || document.visibilityState !== "visible") { return; }
    busy = true;
    var controller = window.AbortController ? new AbortController() : null;
    var giveUp = controller ? window.setTimeout(function () { controller.abort(); }, 8000) : null;
    var headers = { "X-Requested-With": "live.js" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin",
                 signal: controller ? controller.signal : undefined })
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (html !== null) {
          box.innerHTML = html;
          box.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
        }
        delay = base;
        say(interpolate(gettext("Up to date at %(time)s. Updates by itself."), { time: clock() }, true), "ok");
      })
      .catch(function () {
        delay = Math.min(delay * 2, maxDelay);
        say(interpolate(gettext("Offline, retrying in %(seconds)s s. The scores shown may be old."),
                        { seconds: Math.round(delay / 1000) }, true), "offline");
      })
      .then(function () {
        if (giveUp) { window.clearTimeout(giveUp); }
        busy = false;
        schedule(delay);
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { poll(); } else { window.clearTimeout(timer); }
  });
  window.addEventListener("online", function () { delay = base; poll(); });
  schedule(delay);
})();
