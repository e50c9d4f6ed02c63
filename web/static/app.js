/* l’Arbitre — on every page: installs the service worker (the texts and the last answers stay
 * readable without network), says so when a page comes from the device, and shows times in the
 * user's own time zone (<time class="local" datetime="…">, written in UTC by the server). */
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* the app works without it */ });
    });
  }

  // on a phone the menu is one row that scrolls sideways: keep the current page's item in view
  var current = document.querySelector('.nav a[aria-current="page"]');
  if (current && current.parentNode.parentNode.scrollWidth > current.parentNode.parentNode.clientWidth) {
    var nav = current.parentNode.parentNode;
    nav.scrollLeft = Math.max(0, current.offsetLeft - nav.offsetLeft - 16);
  }

  function offlineNote() {
    var main = document.getElementById("contenu");
    var note = document.getElementById("offline-note");
    var kept = document.documentElement.hasAttribute("data-from-device");    // served by the worker from the device
    if (navigator.onLine && !kept) { if (note) { note.hidden = true; } return; }
    if (!main || document.getElementById("hors-ligne")) { return; }
    if (!note) {
      note = document.createElement("p");
      note.id = "offline-note";
      note.className = "offline-note";
      note.setAttribute("role", "status");
      note.textContent = "Hors ligne : cette page vient de la mémoire de l’appareil. Les textes restent lisibles ; " +
        "une nouvelle question a besoin du serveur.";
      main.insertBefore(note, main.firstChild);
    }
    note.hidden = false;
  }
  window.addEventListener("online", offlineNote);
  window.addEventListener("offline", offlineNote);
  offlineNote();

  if (window.Intl && Intl.DateTimeFormat) {
    var fmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short" });
    Array.prototype.forEach.call(document.querySelectorAll("time.local[datetime]"), function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) { t.textContent = fmt.format(d); t.title = "heure de votre appareil"; }
    });
  }
}());
