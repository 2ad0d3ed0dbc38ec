/* The table pages' service worker (README, "When the wifi drops"), served at /t/sw.js by
   scoring.views.entry.service_worker with scope /t/: it controls the table-link pages and nothing
   else. A table's page comes from the network when it can (and the copy is kept), from the last
   kept copy when it cannot; the static files it needs come from the cache first and are refreshed
   behind it. Saves (POST) never pass through here: static/js/offline.js keeps on the phone what
   the network lost. The page's words (Django's JavaScript catalog, /jsi18n/?v=<language>) come
   from the network when they can and the copy is kept, so an offline reload still has them. */
"use strict";

var CACHE = "fh-table-{{ version }}";
var SHELL = {{ shell_json|safe }};
var STATIC_PREFIX = new URL({{ static_prefix_json|safe }}, self.location.href).pathname;
var SCOPE = self.registration.scope;
// The page shown for a table page never opened on this phone, in the worker's language (escaped for HTML).
var OFFLINE = {{ offline_json|safe }};
var CATALOG = {{ catalog_json|safe }};  // the path of the JavaScript catalog, asked with ?v=<language>
var CATALOG_NOW = {{ catalog_url_json|safe }};  // the catalog in the language this worker was served in

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL).then(function () {
      // The words too, but an install never fails for them: the page keeps them on its next visit.
      return cache.add(CATALOG_NOW).catch(function () {});
    });
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
// Its words (the JavaScript catalog it loaded) are kept the same way.
self.addEventListener("message", function (event) {
  var url = event.data && event.data.keepPage;
  if (typeof url !== "string" || url.indexOf(SCOPE) !== 0) return;
  var kept = [fetch(url, { credentials: "same-origin" }).then(function (response) {
    return keep(pageKey(new URL(url)), response);
  })];
  var words = event.data.keepCatalog;
  if (typeof words === "string" && isCatalog(new URL(words, self.location.href))) {
    kept.push(fetch(words, { credentials: "same-origin" }).then(function (response) {
      return keep(new URL(words, self.location.href).href, response);
    }));
  }
  event.waitUntil(Promise.all(kept.map(function (p) { return p.catch(function () {}); })));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && request.url.indexOf(SCOPE) === 0) {
    event.respondWith(networkFirst(request, url));
  } else if (isCatalog(url)) {
    event.respondWith(catalogFirst(request));
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

function isCatalog(url) { return url.origin === self.location.origin && url.pathname === CATALOG; }

// The words: from the network, kept by their whole address (one copy per language); with no
// network, the kept copy in that language, else any kept language rather than none.
function catalogFirst(request) {
  return fetch(request).then(function (response) {
    return keep(request.url, response);
  }).catch(function (error) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true }).then(function (hit) {
        return hit || cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
      });
    }).then(function (hit) { if (hit) return hit; throw error; });
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
  var html = "<!doctype html><html lang=\"" + OFFLINE.lang + "\"><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + OFFLINE.title + "</title>" +
    "<h1>" + OFFLINE.title + "</h1><p>" + OFFLINE.text + "</p></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
