/* The table pages' service worker (README, "When the wifi drops"), served at /t/sw.js by
   scoring.views.entry.service_worker with scope /t/: it controls the table-link pages and nothing
   else. A table's page comes from the network when it can (and the copy is kept), from the last
   kept copy when it cannot; the static files it needs come from the cache first and are refreshed
   behind it. Saves (POST) never pass through here: static/js/offline.js keeps on the phone what
   the network lost. */
"use strict";

var CACHE = "fh-table-{{ version }}";
var SHELL = {{ shell_json|safe }};
var STATIC_PREFIX = new URL({{ static_prefix_json|safe }}, self.location.href).pathname;
var SCOPE = self.registration.scope;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("fh-table-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page that registered this worker asks it to keep that page too: it was loaded before the
// worker existed, so it never passed through here.
self.addEventListener("message", function (event) {
  var url = event.data && event.data.keepPage;
  if (typeof url !== "string" || url.indexOf(SCOPE) !== 0) return;
  event.waitUntil(fetch(url, { credentials: "same-origin" }).then(function (response) {
    return keep(pageKey(new URL(url)), response);
  }).catch(function () {}));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && request.url.indexOf(SCOPE) === 0) {
    event.respondWith(networkFirst(request, url));
  } else if (url.pathname.indexOf(STATIC_PREFIX) === 0 || SHELL.indexOf(url.pathname) >= 0) {
    event.respondWith(cacheFirst(event, request));
  }
});

function keep(key, response) {
  // Only a whole page or file, as the server sent it: not an error, a redirect or a partial answer.
  if (!response || response.status !== 200 || response.type !== "basic") return Promise.resolve(response);
  var copy = response.clone();
  return caches.open(CACHE).then(function (cache) { return cache.put(key, copy); }).then(function () { return response; });
}

function pageKey(url) { return url.origin + url.pathname; }

function networkFirst(request, url) {
  return fetch(request).then(function (response) {
    return keep(pageKey(url), response);
  }).catch(function () {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(pageKey(url), { ignoreVary: true, ignoreSearch: true });
    }).then(function (hit) { return hit || offlinePage(); });
  });
}

function cacheFirst(event, request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        return keep(request.url, response);
      });
      if (hit) {
        event.waitUntil(fresh.catch(function () {}));
        return hit;
      }
      return fresh;
    });
  });
}

function offlinePage() {
  var html = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>No connection</title>" +
    "<h1>No connection</h1><p>This page has not been opened on this phone before, so there is no copy of it " +
    "here. Join the hall's wifi and try again.</p></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
