/* l’Arbitre — reading pages (/regles/<id>, /themes/<topic>): the filter works as you type.
 * Without this script the filter is a GET form the server answers (?filtre=…). Words are
 * compared with accents and case folded, as the server does (web/pages.py: matches). */
(function () {
  "use strict";
  var form = document.querySelector("[data-filter-form]");
  var input = document.getElementById("filtre");
  var count = document.getElementById("filtre-compte");
  if (!form || !input || !count || window.location.search.indexOf("filtre=") >= 0) { return; }
  var items = Array.prototype.slice.call(document.querySelectorAll("[data-filter-item]"));
  var groups = Array.prototype.slice.call(document.querySelectorAll("[data-filter-group]"));
  var total = items.length;
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[’‘]/g, "'");
  }
  var texts = items.map(function (el) { return fold(el.textContent); });
  var opened = groups.map(function (g) { return g.open; });
  function apply() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (el, i) {
      var ok = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      if (ok) { el.removeAttribute("data-filter-hidden"); shown++; } else { el.setAttribute("data-filter-hidden", ""); }
    });
    groups.forEach(function (g, i) {
      var any = g.querySelector("[data-filter-item]:not([data-filter-hidden])");
      if (any) { g.removeAttribute("data-filter-hidden"); } else { g.setAttribute("data-filter-hidden", ""); }
      if (g.tagName === "DETAILS") { g.open = words.length ? !!any : opened[i]; }
      var toc = document.querySelector('[data-toc-for="' + g.id + '"]');
      if (toc) { if (any) { toc.removeAttribute("data-filter-hidden"); } else { toc.setAttribute("data-filter-hidden", ""); } }
    });
    count.textContent = words.length ? shown + (shown === 1 ? " passage" : " passages") + " sur " + total + " contiennent « " +
      input.value.trim() + " »." : total + " passages.";
  }
  input.addEventListener("input", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
}());
