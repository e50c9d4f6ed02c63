/* l’Arbitre — /arbitrage: progressive enhancement of the shot builder.
 *
 * Without this script the page is a plain GET form ruled by the server. With it:
 * - the ball checkboxes become toggle buttons (aria-pressed), balls that are not on the
 *   table are disabled in the other pickers, fields that do not apply are hidden;
 * - « Seulement ces billes sur la table » (typed numbers) ticks exactly those balls;
 * - every change asks GET /arbitrage/decision with the form's fields and puts the server's
 *   ruling in place (the rows are written once, on the server: qa/ruling_words.py);
 * - on a phone, the one-line verdicts on top switch between the rulesets' columns;
 * - the address bar and the "Lien vers ce coup" link follow the shot.
 * No French wording of a ruling is written here.
 */
(function () {
  "use strict";
  var form = document.getElementById("arb-form");
  var dataEl = document.getElementById("arbitrage-data");
  if (!form || !dataEl || !window.fetch || !window.FormData) { return; }
  var D = JSON.parse(dataEl.textContent);
  var fragment = document.getElementById("arb-fragment");
  var statusEl = document.getElementById("arb-status");
  var results = document.getElementById("decision");
  var game = D.game;
  var shown = null;   // the ruleset whose column a phone shows
  var seq = 0;
  var timer = null;
  document.documentElement.classList.add("js");

  /* ---------------------------------------------------------------- small DOM helper */
  function h(tag, attrs, kids) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) { return; }
      if (k === "class") { el.className = v; } else { el.setAttribute(k, v === true ? "" : v); }
    });
    (kids || []).forEach(function (kid) {
      if (kid === null || kid === undefined || kid === false) { return; }
      el.appendChild(typeof kid === "string" ? document.createTextNode(kid) : kid);
    });
    return el;
  }
  function money() { return game === "ten-ball" ? 10 : 9; }
  function inputs(name) { return Array.prototype.slice.call(form.querySelectorAll('input[name="' + name + '"]')); }

  /* ---------------------------------------------------------------- ball pickers */
  var buttons = []; // {input, button}
  Array.prototype.forEach.call(form.querySelectorAll('.ball-picker[data-kind="checkbox"] label.ball'), function (label) {
    var input = label.querySelector("input");
    var n = label.getAttribute("data-ball");
    var btn = h("button", { type: "button", "class": "ball", "data-ball": n, "aria-pressed": String(input.checked) });
    Array.prototype.slice.call(label.querySelectorAll(".ball-face, .arb-vh")).forEach(function (el) { btn.appendChild(el); });
    label.parentNode.insertBefore(btn, label);
    label.classList.add("arb-replaced");
    btn.addEventListener("click", function () {
      if (input.disabled) { return; }
      input.checked = !input.checked;
      if (input.checked) { exclusive(input); }
      if (input.name === "on_table" && only) { only.value = ""; }
      refresh();
      schedule();
    });
    buttons.push({ input: input, button: btn });
  });

  // A ball is either pocketed or off the table, not both.
  function exclusive(input) {
    var other = input.name === "pocketed" ? "off_table" : input.name === "off_table" ? "pocketed" : null;
    if (!other) { return; }
    inputs(other).forEach(function (i) { if (i.value === input.value) { i.checked = false; } });
  }

  /* Bring every picker in line with the game and the balls on the table. */
  function refresh() {
    var m = money();
    var onTable = {};
    inputs("on_table").forEach(function (i) { if (i.checked && +i.value <= m) { onTable[i.value] = true; } });
    form.querySelectorAll("label[data-ball]").forEach(function (el) { el.hidden = +el.getAttribute("data-ball") > m || el.classList.contains("arb-replaced"); });
    ["on_table", "pocketed", "off_table", "first_contact"].forEach(function (name) {
      inputs(name).forEach(function (i) {
        if (!/^\d+$/.test(i.value)) { return; }
        var out = +i.value > m || (name !== "on_table" && !onTable[i.value]);
        i.disabled = out;
        if (out && i.checked) {
          i.checked = false;
          if (name === "first_contact") { inputs("first_contact")[0].checked = true; }
        }
      });
    });
    inputs("first_contact").forEach(function (i) { if (i.disabled && /^\d+$/.test(i.value)) { i.parentNode.hidden = true; } });
    var sel = form.querySelector('select[name="called_ball"]');
    Array.prototype.forEach.call(sel.options, function (o) {
      if (!o.value) { return; }
      o.disabled = !onTable[o.value];
      o.hidden = +o.value > m;
      if (o.disabled && o.selected) { sel.value = ""; }
    });
    if (+m === 10 && !sel.querySelector('option[value="10"]')) { sel.appendChild(h("option", { value: "10" }, ["10"])); }
    buttons.forEach(function (b) {
      b.button.setAttribute("aria-pressed", String(b.input.checked));
      b.button.disabled = b.input.disabled;
      b.button.hidden = +b.button.getAttribute("data-ball") > m || (b.input.disabled && b.input.name !== "on_table");
    });
    var kind = (form.querySelector('input[name="kind"]:checked') || {}).value;
    form.querySelectorAll('[data-only="break"]').forEach(function (el) { el.hidden = kind !== "break"; });
    var called = (form.querySelector('input[name="called"]:checked') || {}).value;
    form.querySelectorAll(".arb-call-ball").forEach(function (el) { el.hidden = called !== "ball"; });
  }

  /* Switching games: the 10 joins or leaves the rack, the columns follow the game. */
  function switchGame(g) {
    if (g === game || !D.games[g]) { return; }
    game = g;
    form.querySelector('input[name="prev_game"]').value = g;
    var subset = form.querySelector('input[type="hidden"][name="rulesets"]');
    if (subset) { subset.parentNode.removeChild(subset); }
    inputs("on_table").forEach(function (i) { if (i.value === "10") { i.checked = g === "ten-ball"; } });
    var p = document.getElementById("arb-rulesets");
    if (p) {
      p.textContent = "Règlements comparés : ";
      D.games[g].forEach(function (r, k) {
        if (k) { p.appendChild(document.createTextNode(" ; ")); }
        p.appendChild(h("a", { href: "/regles/" + r.id }, [r.title]));
      });
      p.appendChild(document.createTextNode("."));
    }
  }

  /* « Seulement ces billes sur la table »: the typed numbers tick exactly those balls. */
  var only = document.getElementById("arb-only-balls");
  function applyOnly() {
    var want = {};
    var any = false;
    (only.value.match(/\d+/g) || []).forEach(function (n) { want[+n] = true; any = true; });
    if (!any) { return; }
    inputs("on_table").forEach(function (i) { i.checked = !!want[+i.value]; });
  }

  /* ---------------------------------------------------------------- the server's ruling */
  function query() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) { if (value !== "") { params.append(key, value); } });
    return params.toString();
  }

  function show(id) {
    var cols = fragment.querySelectorAll(".arb-col");
    if (!cols.length) { return; }
    var found = false;
    Array.prototype.forEach.call(cols, function (c) { if (c.getAttribute("data-ruleset") === id) { found = true; } });
    if (!found) { id = cols[0].getAttribute("data-ruleset"); }
    shown = id;
    Array.prototype.forEach.call(cols, function (c) { c.classList.toggle("is-shown", c.getAttribute("data-ruleset") === id); });
    Array.prototype.forEach.call(fragment.querySelectorAll(".arb-pick"), function (a) {
      if (a.getAttribute("data-ruleset") === id) { a.setAttribute("aria-current", "true"); } else { a.removeAttribute("aria-current"); }
    });
  }
  function narrow() { return window.matchMedia && window.matchMedia("(max-width: 71.99rem)").matches; }
  fragment.addEventListener("click", function (e) {
    var pick = e.target.closest ? e.target.closest(".arb-pick") : null;
    if (!pick) { return; }
    e.preventDefault();
    show(pick.getAttribute("data-ruleset"));
    var col = document.getElementById("col-" + pick.getAttribute("data-ruleset"));
    if (col && !narrow()) { col.scrollIntoView({ block: "nearest" }); }
  });

  function put(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var part = doc.querySelector(".arb-decision");
    if (!part) { throw new Error("Réponse inattendue du serveur."); }
    fragment.textContent = "";
    fragment.appendChild(document.importNode(part, true));
    statusEl.textContent = (part.getAttribute("data-status") || "").replace(/^Décision :/, "Décision mise à jour :");
    var link = part.getAttribute("data-share");
    if (link && window.history && history.replaceState) { history.replaceState(null, "", link); }
    show(shown);
    var jump = document.getElementById("arb-jump");
    if (jump && fragment.querySelector(".arb-verdicts")) {
      jump.textContent = Array.prototype.map.call(fragment.querySelectorAll(".arb-verdicts li"), function (li) {
        return li.getAttribute("data-short") || "";
      }).join(" · ");
    }
  }

  function evaluateNow() {
    var mine = ++seq;
    results.setAttribute("aria-busy", "true");
    fetch("/arbitrage/decision?" + query(), { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (resp) { return resp.text(); })
      .then(function (html) { if (mine === seq) { put(html); } }, function () {
        if (mine !== seq) { return; }
        statusEl.textContent = "";
        var box = h("div", { "class": "arb-error", role: "alert" }, [h("p", {}, [h("strong", {}, ["Hors ligne."]),
          " Cette question a besoin du serveur : la décision n’a pas pu être mise à jour. Les textes des règlements restent lisibles."])]);
        fragment.insertBefore(box, fragment.firstChild);
      })
      .then(function () { if (mine === seq) { results.removeAttribute("aria-busy"); } });
  }

  function schedule() {
    results.setAttribute("aria-busy", "true");  // a ruling is on its way
    seq++;                                       // a ruling already on its way is now out of date
    clearTimeout(timer);
    timer = setTimeout(evaluateNow, 150);
  }

  /* ---------------------------------------------------------------- events */
  form.addEventListener("change", function (e) {
    if (e.target.name === "game") { switchGame(e.target.value); }
    if (e.target.name === "on_table" && only) { only.value = ""; }
    if (e.target.name === "called_ball" && e.target.value) {
      var ball = form.querySelector('input[name="called"][value="ball"]');
      if (ball) { ball.checked = true; }
    }
    refresh();
    schedule();
  });
  form.addEventListener("input", function (e) {
    if (e.target === only) { applyOnly(); refresh(); }
    if (e.target.type === "number" || e.target.type === "text") { schedule(); }
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    clearTimeout(timer);
    evaluateNow();
    results.focus();
  });

  refresh();
  show(null);
})();
