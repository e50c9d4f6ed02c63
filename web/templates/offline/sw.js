/* l’Arbitre — service worker (written by web/offline.py; version {{ version }}).
 * Keeps the app shell and every ruleset's text when it installs, then the last answers the
 * user opened; without network, a page it has is shown from the device, others get /hors-ligne.
 */
"use strict";
var VERSION = {{ version|tojson }};
var SHELL = "arbitre-shell-" + VERSION;
var ANSWERS = "arbitre-answers";
var KEEP = {{ keep }};
var URLS = {{ shell|tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(URLS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("arbitre-shell-") === 0 && k !== SHELL; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepAnswer(request, response) {
  if (!response || response.status !== 200 || response.type !== "basic") { return; }
  var copy = response.clone();
  caches.open(ANSWERS).then(function (cache) {
    return cache.put(request, copy).then(function () { return cache.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP)).map(function (k) { return cache.delete(k); }));
    });
  });
}

// a page served from the device says so in its markup (<html data-from-device>), which the page reads:
// the browser's own « offline » flag is not always set for a page the worker served
function marked(response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(html.replace("<html", "<html data-from-device"), { status: response.status, statusText: response.statusText, headers: headers });
  });
}

function fromDevice(request) {
  return caches.match(request).then(function (hit) {
    if (hit) { return request.mode === "navigate" ? marked(hit) : hit; }
    if (request.mode === "navigate") { return caches.match("/hors-ligne"); }
    return new Response(JSON.stringify({ error: { code: "offline", message: "Hors ligne : cette question a besoin du serveur.", field: null } }),
      { status: 503, headers: { "Content-Type": "application/json; charset=utf-8" } });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0) {           // the shell: from the device first
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
    return;
  }
  // pages and answers: the network first (always the newest), kept for later; the device when offline
  event.respondWith(fetch(request).then(function (response) {
    var shell = URLS.indexOf(url.pathname + url.search) >= 0;
    if (shell && response.status === 200) {
      var copy = response.clone();
      caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
    } else {
      keepAnswer(request, response);
    }
    return response;
  }, function () { return fromDevice(request); }));
});
