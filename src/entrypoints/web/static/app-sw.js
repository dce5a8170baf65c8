// The worker app's service worker: keeps the app's shell (styles, script, icon) for a quick start and
// an offline page; pages themselves always come from the server (they are the worker's live data).
"use strict";
var SHELL = "workforce-app-shell-1";
var FILES = ["/console/static/app.css", "/console/static/app.js", "/console/static/htmx.min.js", "/console/static/app-icon.svg"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf("workforce-app-shell-") === 0 && name !== SHELL; }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (FILES.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.match(request).then(function (kept) { return kept || fetch(request); }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () {
      return new Response("<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title><p>No connection. Try again when you are online.</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }));
  }
});
