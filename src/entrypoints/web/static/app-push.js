// The inbox page's Web Push switch: with the worker's leave, the browser subscribes this phone with the
// server's VAPID public key (data-push-key) and the form posts the subscription; turning it off posts
// the endpoint, then the browser drops the subscription. The service worker (/app/sw.js) shows pushes.
(function () {
  "use strict";
  var panel = document.querySelector("[data-push-key]");
  if (!panel) { return; }
  function show(state) {
    panel.querySelectorAll("[data-push-state]").forEach(function (part) { part.hidden = part.dataset.pushState !== state; });
  }
  function key(text) {
    var raw = atob((text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }
  function encoded(buffer) {
    var text = String.fromCharCode.apply(null, new Uint8Array(buffer));
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) { show("unsupported"); return; }
  if (Notification.permission === "denied") { show("blocked"); return; }
  var ready = navigator.serviceWorker.register("/app/sw.js", { scope: "/app/" }).then(function () { return navigator.serviceWorker.ready; });
  ready.then(function (registration) { return registration.pushManager.getSubscription(); })
    .then(function (subscription) { show(subscription ? "on" : "off"); })
    .catch(function () { show("unsupported"); });

  panel.addEventListener("submit", function (event) {
    var form = event.target;
    event.preventDefault();
    if (form.dataset.pushState === "off") {
      Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") { show("blocked"); return null; }
        return ready.then(function (registration) {
          return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key(panel.dataset.pushKey) });
        }).then(function (subscription) {
          form.elements.endpoint.value = subscription.endpoint;
          form.elements.p256dh.value = encoded(subscription.getKey("p256dh"));
          form.elements.auth.value = encoded(subscription.getKey("auth"));
          form.submit();
        });
      }).catch(function () { show("unsupported"); });
      return;
    }
    ready.then(function (registration) { return registration.pushManager.getSubscription(); }).then(function (subscription) {
      if (!subscription) { show("off"); return; }
      form.elements.endpoint.value = subscription.endpoint;
      subscription.unsubscribe().finally(function () { form.submit(); });
    });
  });
})();
