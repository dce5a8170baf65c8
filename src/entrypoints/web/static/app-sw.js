// The worker app's service worker: keeps the app's shell (styles, script, icon) for a quick start and
// an offline page; pages themselves always come from the server (they are the worker's live data).
// It shows each Web Push the notifier sends (JSON: title, body) and, tapped, opens the app's inbox.
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

self.addEventListener("push", function (event) {
  var told = { title: "workforce", body: "" };
  try { told = event.data ? event.data.json() : told; } catch (error) { told.body = event.data ? event.data.text() : ""; }
  event.waitUntil(self.registration.showNotification(told.title || "workforce", { body: told.body || "", icon: "/console/static/app-icon.svg" }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = "/app/inbox";  // the message is opened (and read) from there
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (open) {
    for (var i = 0; i < open.length; i += 1) {
      if (open[i].url.indexOf("/app/") >= 0 && "navigate" in open[i]) { return open[i].navigate(target).then(function (c) { return c && c.focus(); }); }
    }
    return self.clients.openWindow(target);
  }));
});
