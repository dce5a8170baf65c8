// The site kiosk: badge number and PIN, then the worker's first name and state (after a right PIN
// only), the site's survey before a clock-in, and the clock. When the server cannot be reached, each
// clock (its own id, badge, PIN, action, the device's time) is kept in IndexedDB and sent to
// /kiosk/sync when the connection is back; a clock's PIN is deleted with it once the server answered.
// The PIN of a clock made online lives only in this page's memory, until the clock or 60 seconds.
"use strict";

(function () {
  const IDLE_MS = 60000;
  const SYNC_EVERY_MS = 20000;
  const DB_NAME = "workforce-kiosk";
  const STORE = "clocks";
  const $ = (id) => document.getElementById(id);
  const texts = {};
  document.querySelectorAll("#texts li").forEach((li) => { texts[li.dataset.code] = li.textContent; });
  const say = (code, values) => {
    let text = texts[code] || texts.server_error || code;
    Object.entries(values || {}).forEach(([name, value]) => { text = text.split("{" + name + "}").join(String(value)); });
    return text;
  };

  let who = null; // {badge, pin, offline}
  let idle = null;

  // ---- IndexedDB: the clocks kept while offline ----------------------------------------------------
  function openDb() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "client_clock_id" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  async function withStore(mode, work) {
    const db = await openDb();
    try {
      return await new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const result = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
        tx.onerror = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }
  const keep = (clock) => withStore("readwrite", (store) => store.put(clock));
  const kept = () => withStore("readonly", (store) => store.getAll());
  const forget = (ids) => withStore("readwrite", (store) => ids.forEach((id) => store.delete(id)));

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // ---- talking to the server ----------------------------------------------------------------------
  async function post(path, body) {
    const reply = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
    let data = {};
    try { data = await reply.json(); } catch (_) { data = {}; }
    return { status: reply.status, data };
  }

  async function showQueued() {
    let count = 0;
    try { count = (await kept()).length; } catch (_) { count = 0; }
    $("queued").hidden = count === 0;
    $("queued").textContent = say("queued", { count });
  }

  let syncing = false;
  async function sync() {
    if (syncing) return;
    syncing = true;
    try {
      const clocks = await kept();
      if (!clocks.length) return;
      const { status, data } = await post("/kiosk/sync", { clocks });
      if (status === 401) return notEnrolled();
      if (status !== 200 || !Array.isArray(data.answers)) return;
      const done = data.answers
        .filter((a) => a && a.client_clock_id && a.status !== 429 && a.status < 500)
        .map((a) => a.client_clock_id);
      await forget(done);
      setOnline(true);
    } catch (_) {
      setOnline(false);
    } finally {
      syncing = false;
      showQueued();
    }
  }

  function setOnline(online) {
    $("net").hidden = online;
  }

  function notEnrolled() {
    window.location.reload();
  }

  // ---- the steps ----------------------------------------------------------------------------------
  function show(step) {
    ["step-pin", "step-action", "step-done"].forEach((id) => { $(id).hidden = id !== step; });
  }
  function error(message) {
    $("error").hidden = !message;
    $("error").textContent = message || "";
  }
  function reset() {
    who = null;
    clearTimeout(idle);
    $("pin-form").reset();
    document.querySelectorAll("#survey input").forEach((input) => { input.checked = false; });
    error("");
    show("step-pin");
    $("badge").focus();
  }
  function touch() {
    clearTimeout(idle);
    idle = setTimeout(reset, IDLE_MS);
  }

  function greet(first, clockedIn, since) {
    $("hello").textContent = first ? say("hello", { name: first }) : say("offline_choice");
    $("state").textContent = first ? (clockedIn ? say("clocked_in_since", { time: since }) : say("clocked_out")) : "";
    $("clock-in").hidden = first ? clockedIn : false;
    $("clock-out").hidden = first ? !clockedIn : false;
    const survey = $("survey");
    if (survey) survey.hidden = first ? clockedIn : false;
    show("step-action");
    $("hello").focus();
    touch();
  }

  async function identify(event) {
    event.preventDefault();
    error("");
    const badge = $("badge").value.trim();
    const pin = $("pin").value.trim();
    if (!badge || !/^[0-9]{4,8}$/.test(pin)) return error(say("badge_and_pin"));
    who = { badge, pin, offline: false };
    let reply;
    try {
      reply = await post("/kiosk/identify", { employee_id: badge, pin });
    } catch (_) {
      setOnline(false);
      who.offline = true;
      return greet(null, false, null);
    }
    setOnline(true);
    if (reply.status === 401 && reply.data.error_code === "kiosk_not_enrolled") return notEnrolled();
    if (reply.status !== 200) {
      $("pin").value = "";
      who = null;
      return error(reply.data.message || say("server_error"));
    }
    greet(reply.data.first_name, reply.data.clocked_in, reply.data.since);
  }

  function surveyAnswers(action) {
    const survey = $("survey");
    if (!survey || action !== "in") return { ok: true };
    const questions = Array.from(survey.querySelectorAll(".question"));
    const answers = [];
    for (const question of questions) {
      const picked = question.querySelector("input:checked");
      if (!picked) return { ok: false };
      answers.push({ question_id: Number(picked.dataset.question), answer_value: picked.value });
    }
    return { ok: true, survey_id: Number(survey.dataset.surveyId), survey_answers: answers };
  }

  async function clockAs(action) {
    if (!who) return reset();
    const survey = surveyAnswers(action);
    if (!survey.ok) return error(say("answer_survey"));
    error("");
    const body = { employee_id: who.badge, pin: who.pin, action };
    if (survey.survey_id) {
      body.survey_id = survey.survey_id;
      body.survey_answers = survey.survey_answers;
    }
    if (!who.offline) {
      try {
        const { status, data } = await post("/kiosk/clock", body);
        setOnline(true);
        if (status === 401 && data.error_code === "kiosk_not_enrolled") return notEnrolled();
        if (status !== 200) return finish(data.message || say("server_error"), true);
        const code = data.action === "clock_in" ? "done_in" : "done_out";
        return finish(say(code, { name: data.first_name, time: data.at }), false);
      } catch (_) {
        setOnline(false); // the server went away between the PIN and the clock: keep it
      }
    }
    await keep({ client_clock_id: newId(), occurred_at: new Date().toISOString(), ...body });
    showQueued();
    finish(say("saved_offline"), false);
  }

  function finish(message, refused) {
    who = null; // the PIN is gone from the page
    $("pin-form").reset();
    $("done").textContent = message;
    $("done").classList.toggle("refused", refused);
    show("step-done");
    $("done").focus();
    clearTimeout(idle);
    idle = setTimeout(reset, 8000);
  }

  // ---- the keypad (touch, mouse or keyboard: each key is a button) ----------------------------------
  let target = null;
  function keypad(event) {
    const key = event.target.closest("[data-key]");
    if (!key) return;
    const field = target || $("pin");
    const value = key.dataset.key;
    if (value === "clear") field.value = "";
    else if (value === "back") field.value = field.value.slice(0, -1);
    else if (field.value.length < (field.maxLength > 0 ? field.maxLength : 32)) field.value += value;
    touch();
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("badge").addEventListener("focus", () => { target = $("badge"); });
    $("pin").addEventListener("focus", () => { target = $("pin"); });
    document.querySelector(".keypad").addEventListener("click", keypad);
    $("pin-form").addEventListener("submit", identify);
    $("clock-in").addEventListener("click", () => clockAs("in"));
    $("clock-out").addEventListener("click", () => clockAs("out"));
    $("cancel").addEventListener("click", reset);
    $("next").addEventListener("click", reset);
    window.addEventListener("online", () => { setOnline(true); sync(); });
    window.addEventListener("offline", () => setOnline(false));
    setInterval(sync, SYNC_EVERY_MS);
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/kiosk/sw.js", { scope: "/kiosk/" }).catch(() => undefined);
    }
    setOnline(navigator.onLine);
    showQueued();
    sync();
    $("badge").focus();
  });
})();
