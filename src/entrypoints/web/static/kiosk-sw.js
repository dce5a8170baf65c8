// The kiosk's service worker: keeps the page's shell (the page and its assets) so that the kiosk
// opens and keeps taking clocks when the server cannot be reached. The page itself is asked of the
// network first (a revoked device must see that it is no longer enrolled); the assets come from the
// cache first. Posts are never touched: the page keeps the clocks it could not send (IndexedDB).
"use strict";

const SHELL = "workforce-kiosk-shell-v1";
const PAGE = "/kiosk/";
const ASSETS = ["/console/static/kiosk.js", "/console/static/kiosk.css", "/console/static/favicon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll([PAGE, ...ASSETS])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === PAGE) {
    event.respondWith(
      fetch(request)
        .then((reply) => {
          if (reply.ok) {
            const copy = reply.clone();
            caches.open(SHELL).then((cache) => cache.put(PAGE, copy));
          }
          return reply;
        })
        .catch(() => caches.match(PAGE))
    );
  } else if (ASSETS.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});
