/* Quiz pages: the exam countdown (auto-submits when time is up; the server enforces the
   limit anyway), the focus on the correction, and keys 1-4 / A-D to pick an answer.
   The pages work without this script. */
(function () {
  "use strict";

  function fmt(s) {
    var m = Math.floor(s / 60), r = s % 60;
    return m + " min " + (r < 10 ? "0" : "") + r + " s";
  }

  var box = document.querySelector("[data-countdown]");
  if (box) {
    var remaining = parseInt(box.getAttribute("data-remaining"), 10) || 0;
    var end = Date.now() + remaining * 1000;
    var out = box.querySelector(".countdown-value");
    var live = document.getElementById("countdown-live");
    var hint = box.querySelector(".hint");
    if (hint) { hint.textContent = ""; }
    var done = false;
    var announced = {};
    var timer = null;

    var submitOnTimeout = function () {
      if (done) { return; }
      done = true;
      var form = document.getElementById("answer-form");
      var chosen = form && form.querySelector("input[name=choice]:checked:not(:disabled)");
      if (chosen) {
        form.querySelector("input[name=finir]").value = "1";
        form.submit();
        return;
      }
      var fin = document.getElementById("finish-form");
      if (fin) {
        fin.querySelector("input[name=temps]").value = "1";
        fin.submit();
      }
    };

    var tick = function () {
      var s = Math.max(0, Math.round((end - Date.now()) / 1000));
      out.textContent = fmt(s);
      if (s <= 60) { box.classList.add("urgent"); }
      [300, 60, 10].forEach(function (mark) {
        if (s <= mark && s > 0 && !announced[mark] && remaining > mark) {
          announced[mark] = true;
          if (live) { live.textContent = "Il reste " + fmt(s) + "."; }
        }
      });
      if (s <= 0) {
        if (live) { live.textContent = "Temps écoulé : envoi des réponses."; }
        window.clearInterval(timer);
        submitOnTimeout();
      }
    };
    tick();
    timer = window.setInterval(tick, 1000);
  }

  /* After an answer in practice mode, bring the correction into view and focus. */
  var corr = document.getElementById("correction");
  if (corr && window.location.hash === "#correction") {
    corr.focus();
  }

  /* Keys 1-4 or A-D pick an answer (not while typing in a text field). */
  var form = document.getElementById("answer-form");
  if (form) {
    document.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
      var t = ev.target;
      if (t && (t.tagName === "INPUT" && t.type === "text" || t.tagName === "TEXTAREA")) { return; }
      var key = (ev.key || "").toLowerCase();
      var idx = "1234".indexOf(key);
      if (idx < 0) { idx = "abcd".indexOf(key); }
      if (idx < 0 || key.length !== 1) { return; }
      var radios = form.querySelectorAll("input[name=choice]:not(:disabled)");
      if (radios[idx]) {
        radios[idx].checked = true;
        radios[idx].focus();
        ev.preventDefault();
      }
    });
  }
})();
