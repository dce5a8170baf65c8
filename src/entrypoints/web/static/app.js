// The worker app's one script: the phone's position sent with a clock, and the service worker.
(function () {
  "use strict";
  function located(form, position) {
    form.elements.latitude.value = String(position.coords.latitude);
    form.elements.longitude.value = String(position.coords.longitude);
    form.elements.gps_accuracy.value = String(Math.round(position.coords.accuracy));
    form.submit();
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-locate") || form.dataset.sending) { return; }
    event.preventDefault();
    form.dataset.sending = "1";
    var note = form.querySelector("[data-locating]");
    if (note) { note.hidden = false; }
    if (!navigator.geolocation) { form.submit(); return; }
    navigator.geolocation.getCurrentPosition(
      function (position) { located(form, position); },
      function () { form.submit(); },  // no position: the server refuses, saying why
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 }
    );
  });
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/app/sw.js", { scope: "/app/" }).catch(function () { /* the app works without it */ });
    });
  }
})();
