// Spectators' view of a match (/partie/<id>/suivre): reload the view every 5 s while the page
// is visible, and announce the new ruling to screen readers. Without script the page works
// (a <noscript> refresh); the user can stop the refresh with the link in the page.
(function () {
  "use strict";
  var view = document.getElementById("vue");
  var live = document.getElementById("annonce");
  if (!view || !window.fetch || !window.DOMParser) { return; }
  function refresh() {
    if (document.hidden) { return; }
    fetch(window.location.href, { headers: { "Accept": "text/html" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("vue");
        var current = document.getElementById("vue");
        if (!fresh || !current || fresh.getAttribute("data-seq") === current.getAttribute("data-seq")) { return; }
        current.replaceWith(document.importNode(fresh, true));
        var ruling = document.getElementById("decision");
        if (live && ruling) { live.textContent = ruling.textContent.replace(/\s+/g, " ").trim(); }
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ });
  }
  window.setInterval(refresh, 5000);
}());
