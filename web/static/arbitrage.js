/* l’Arbitre — /arbitrage: progressive enhancement of the shot builder.
 *
 * Without this script the page is a plain GET form ruled by the server. With it:
 * - the ball checkboxes become toggle buttons (aria-pressed), balls that are not on the
 *   table are disabled in the other pickers, fields that do not apply are hidden;
 * - every change re-rules the shot through POST /api/evaluate {"rulesets": [...], state, shot}
 *   and redraws the columns with the same markup as the server's template;
 * - the address bar and the "Lien vers ce coup" link follow the shot (?game=…&scenario=…).
 * Labels come from the server as JSON (#arbitrage-data): no French text is duplicated here.
 */
(function () {
  "use strict";
  var form = document.getElementById("arb-form");
  var dataEl = document.getElementById("arbitrage-data");
  if (!form || !dataEl || !window.fetch || !window.FormData) { return; }
  var D = JSON.parse(dataEl.textContent);
  var W = D.words;
  var output = document.getElementById("arb-output");
  var statusEl = document.getElementById("arb-status");
  var results = document.getElementById("decision");
  var share = document.getElementById("arb-share");
  var game = D.game;
  var rulesets = D.rulesets.slice();
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
  function fmt(s, vals) { return s.replace(/\{(\w+)\}/g, function (m, k) { return vals[k]; }); }
  function rulesetInfo(id) {
    var all = D.games[game] || [];
    for (var i = 0; i < all.length; i++) { if (all[i].id === id) { return all[i]; } }
    return { id: id, title: id, money_ball: 9 };
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
    rulesets = D.games[g].map(function (r) { return r.id; });
    form.querySelector('input[name="prev_game"]').value = g;
    var subset = form.querySelector('input[type="hidden"][name="rulesets"]');
    if (subset) { subset.parentNode.removeChild(subset); }
    inputs("on_table").forEach(function (i) { if (i.value === "10") { i.checked = g === "ten-ball"; } });
    var p = document.getElementById("arb-rulesets");
    if (p) {
      var kids = ["Règlements comparés : "];
      D.games[g].forEach(function (r, k) {
        if (k) { kids.push(" ; "); }
        kids.push(h("a", { href: D.rules + r.id }, [r.title]));
      });
      kids.push(".");
      p.textContent = "";
      kids.forEach(function (kid) { p.appendChild(typeof kid === "string" ? document.createTextNode(kid) : kid); });
    }
  }

  /* ---------------------------------------------------------------- form -> Scenario */
  function scenario() {
    var f = new FormData(form);
    var nums = function (k) { return f.getAll(k).map(Number).sort(function (a, b) { return a - b; }); };
    var flag = function (k) { return f.get(k) === "1"; };
    var shot = {
      kind: f.get("kind") || "normal", cue_rail_first: flag("cue_rail_first"), pocketed: nums("pocketed"),
      off_table: nums("off_table"), cue_ball: f.get("cue_ball") || "table", jump: flag("jump"),
      masse: flag("masse"), obstacle_moved: flag("obstacle_moved"), fouls: f.getAll("fouls")
    };
    var first = f.get("first_contact") || "";
    if (first === "none") { shot.first_contact = null; } else if (first) { shot.first_contact = +first; }
    var rail = f.get("rail_after_contact") || "";
    if (rail) { shot.rail_after_contact = rail === "yes"; }
    if (shot.kind === "break") {
      ["balls_to_rail", "crossed_head_string"].forEach(function (k) {
        var v = (f.get(k) || "").trim();
        if (/^\d+$/.test(v)) { shot[k] = +v; }
      });
    }
    var called = f.get("called") || "";
    if (called === "none") { shot.called = null; } else if (called === "safe") { shot.called = "safe"; }
    else if (called === "ball" && f.get("called_ball")) {
      shot.called = { ball: +f.get("called_ball"), pocket: (f.get("called_pocket") || "").trim() || null, pocket_ok: !flag("pocket_wrong") };
    }
    return {
      state: {
        on_table: nums("on_table"), ball_in_hand: flag("ball_in_hand"), push_out_available: flag("push_out_available"),
        fouls: { shooter: +(f.get("fouls_shooter") || 0), opponent: +(f.get("fouls_opponent") || 0) },
        warned: flag("warned"), rack: f.get("rack") || "triangle"
      },
      shot: shot
    };
  }

  /* ---------------------------------------------------------------- Outcome -> rows */
  function rowsOf(o, m, showBreak) {
    var r = {};
    var yesNo = function (b) { return [{ text: b ? W.yes : W.no }]; };
    r.verdict = [{ text: o.legal ? W.legal : W.foul }];
    r.fouls = o.fouls.length ? o.fouls.map(function (f) { return { text: D.fouls[f.code] || f.code, clause: f.clause }; }) : [{ text: W.none_f }];
    if (showBreak) {
      var b = o["break"];
      r["break"] = [{ text: b ? (b.legal ? W.break_legal : W.break_illegal) + (b.three_ball_rule ? " ; " + W.three_ball[b.three_ball_rule] : "") : "—" }];
    }
    if (o.game_over) {
      var t = fmt(W.game_won, { who: W.who[o.winner] || "?" });
      if (o.termination) { t += " (" + fmt(W.termination[o.termination], { money: m }) + ")"; }
      r.game_over = [{ text: t }];
    } else { r.game_over = [{ text: W.no }]; }
    r.spotted = [{ text: o.spotted.map(function (n) { return fmt(W.ball, { n: n }); }).join(", ") || W.none_f }];
    r.next_shooter = [{ text: W.who_next[o.next_shooter] || o.next_shooter }];
    r.ball_in_hand = yesNo(o.ball_in_hand);
    var opts = o.options.slice().sort(function (a, c) { return a.choice < c.choice ? 1 : a.choice > c.choice ? -1 : 0; });
    r.options = opts.length ? opts.map(function (op) {
      return { text: (W.choice[op.choice] || op.choice) + " : " + (W.who[op.shooter] || op.shooter) + " " + W.plays +
        (op.push_out_available ? " (" + W.push_out + ")" : "") };
    }) : [{ text: W.none_m }];
    r.push_out_available = yesNo(o.push_out_available);
    r.fouls_after = [{ text: fmt(W.fouls_after, o.fouls_after) }];
    r.warning_due = yesNo(o.warning_due);
    r.on_table_after = [{ text: (o.on_table_after || []).join(", ") || W.none_f }];
    return r;
  }

  /* ---------------------------------------------------------------- rendering */
  function clauseLink(id) { return h("a", { "class": "ref", href: D.rules + id.split("/")[0] + "#" + id }, [id]); }
  function quote(c) {
    var href = D.rules + c.ruleset + "#" + c.id;
    return h("figure", { "class": "arb-quote" }, [
      h("figcaption", {}, [c.section ? h("span", { "class": "arb-section" }, [c.section]) : null, c.section ? " — " : null,
        c.title + " · ", h("a", { href: href }, ["lire dans le règlement", h("span", { "class": "arb-vh" }, [" (" + c.id + ")"])])]),
      h("blockquote", { cite: href }, [h("p", {}, [c.text])])
    ]);
  }
  function listBlock(cls, title, items, extra) {
    return h("div", { "class": cls }, [h("h4", {}, [title]),
      items.length ? h("ul", {}, items.map(function (t) { return h("li", {}, [t]); })) : null, extra || null]);
  }

  function column(col, rowsByCol, ruledCount) {
    var info = rulesetInfo(col.id);
    var o = col.outcome;
    var kids = [h("h3", { id: "col-" + col.id }, [h("a", { href: D.rules + col.id }, [info.title]), " ", h("code", {}, [col.id])])];
    var cls = "arb-col " + (col.error ? "is-impossible" : o.legal ? "is-legal" : "is-foul");
    if (col.error) {
      kids.push(h("div", { "class": "arb-impossible" }, [
        h("p", { "class": "arb-verdict" }, [W.impossible]), h("p", {}, [col.error.message]),
        col.error.clauseObj ? quote(col.error.clauseObj) : col.error.clause ? h("p", {}, [clauseLink(col.error.clause)]) : null
      ]));
      return h("article", { "class": cls, "aria-labelledby": "col-" + col.id, "data-ruleset": col.id }, kids);
    }
    var mine = rowsByCol[col.id];
    var unsettledRows = {};
    o.unsettled.forEach(function (f) { unsettledRows[D.fieldRows[f]] = true; });
    var dl = h("dl", { "class": "arb-rows" });
    D.rows.forEach(function (pair) {
      var key = pair[0];
      if (!mine[key]) { return; }
      var texts = {};
      Object.keys(rowsByCol).forEach(function (id) { texts[rowsByCol[id][key].map(function (i) { return i.text; }).join("\u0000")] = true; });
      var differs = ruledCount > 1 && Object.keys(texts).length > 1;
      var items = mine[key];
      var dd;
      var itemKids = function (it) { return [key === "verdict" || items.length === 1 ? h("span", { "class": key === "verdict" ? "arb-verdict" : "" }, [it.text]) : it.text, it.clause ? " " : null, it.clause ? clauseLink(it.clause) : null]; };
      if (items.length > 1) {
        dd = h("dd", {}, [h("ul", {}, items.map(function (it) { return h("li", {}, [it.text, it.clause ? " " : null, it.clause ? clauseLink(it.clause) : null]); }))]);
      } else { dd = h("dd", {}, itemKids(items[0])); }
      if (unsettledRows[key]) { dd.appendChild(document.createTextNode(" ")); dd.appendChild(h("span", { "class": "mark-unsettled" }, ["(" + W.unsettled + ")"])); }
      var dt = h("dt", {}, [pair[1], differs ? " " : null, differs ? h("span", { "class": "mark-differs", title: W.differs }, ["≠", h("span", { "class": "arb-vh" }, [" " + W.differs])]) : null]);
      dl.appendChild(h("div", { "class": "arb-row row-" + key + (differs ? " differs" : "") + (unsettledRows[key] ? " unsettled" : "") }, [dt, dd]));
    });
    kids.push(dl);
    if (o.reasons.length) {
      kids.push(h("h4", {}, [W.reasons]));
      kids.push(h("ol", { "class": "arb-reasons" }, o.reasons.map(function (r) {
        return h("li", {}, [r.text + " ", r.clause ? clauseLink(r.clause) : h("span", { "class": "mark-unsettled" }, [W.referee])]);
      })));
    }
    if (o.citations.length) {
      kids.push(h("h4", {}, [W.citations]));
      o.citations.forEach(function (c) { kids.push(quote(c)); });
    }
    if (o.notes.length || o.unsettled.length) {
      kids.push(listBlock("arb-silent", W.notes, o.notes, o.unsettled.length ? h("p", {}, [W.unsettled_list + " " +
        o.unsettled.map(function (f) { return D.fieldLabels[f] || f; }).join(", ") + "."]) : null));
    }
    if (o.assumptions.length) { kids.push(listBlock("arb-assume", W.assumptions, o.assumptions)); }
    return h("article", { "class": cls, "aria-labelledby": "col-" + col.id, "data-ruleset": col.id }, kids);
  }

  function render(cols) {
    var ruled = cols.filter(function (c) { return c.outcome; });
    var showBreak = ruled.some(function (c) { return c.outcome["break"]; });
    var rowsByCol = {};
    ruled.forEach(function (c) { rowsByCol[c.id] = rowsOf(c.outcome, rulesetInfo(c.id).money_ball, showBreak); });
    var differs = false;
    var grid = h("div", { "class": "arb-columns" }, cols.map(function (c) { return column(c, rowsByCol, ruled.length); }));
    differs = !!grid.querySelector(".differs");
    output.textContent = "";
    if (differs) {
      output.appendChild(h("p", { "class": "arb-legend" }, [h("span", { "class": "mark-differs", "aria-hidden": "true" }, ["≠"]),
        " marque une ligne dont la décision diffère selon le règlement."]));
    }
    output.appendChild(grid);
    clearMessages();
    var jump = document.getElementById("arb-jump");
    if (jump) {
      jump.textContent = "";
      cols.forEach(function (c, i) {
        if (i) { jump.appendChild(document.createTextNode(" · ")); }
        jump.appendChild(h("span", {}, [c.id + " : " + (c.error ? "impossible" : c.outcome.legal ? "légal" : "faute")]));
      });
    }
    statusEl.textContent = "Décision mise à jour : " + cols.map(function (c) {
      return rulesetInfo(c.id).title + " : " + (c.error ? W.impossible.toLowerCase() : c.outcome.legal ? W.legal.toLowerCase() : W.foul.toLowerCase());
    }).join(" ; ") + ".";
  }

  function clearMessages() {
    results.querySelectorAll(".arb-error, .arb-notice").forEach(function (el) { el.parentNode.removeChild(el); });
  }
  function showError(message) {
    clearMessages();
    output.textContent = "";
    var box = h("div", { "class": "arb-error", role: "alert" }, [h("p", {}, [h("strong", {}, ["Saisie invalide."]), " " + message])]);
    output.parentNode.insertBefore(box, output);
    statusEl.textContent = "";
  }

  /* ---------------------------------------------------------------- talking to the API */
  function post(body) {
    return fetch(D.api, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (resp) {
      return resp.json().then(function (data) { return { status: resp.status, data: data }; });
    });
  }
  function withClause(err) {
    if (!err.clause) { return Promise.resolve(err); }
    return fetch("/api/clauses/" + err.clause, { headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (c) { err.clauseObj = c; return err; }, function () { return err; });
  }

  function evaluateNow() {
    var sc = scenario();
    var mine = ++seq;
    var ids = rulesets.slice();
    updateLink(sc);
    results.setAttribute("aria-busy", "true");
    post(Object.assign({ rulesets: ids }, sc)).then(function (res) {
      if (res.status === 200) {
        return ids.map(function (id) { return { id: id, outcome: res.data.outcomes[id] }; });
      }
      if (res.status === 422) {
        // Impossible under some ruleset: rule each one alone so the others still show.
        return Promise.all(ids.map(function (id) {
          return post(Object.assign({ ruleset: id }, sc)).then(function (one) {
            if (one.status === 200) { return { id: id, outcome: one.data }; }
            var e = (one.data && one.data.error) || { message: "Coup impossible." };
            return withClause({ message: e.message, clause: e.clause }).then(function (err) { return { id: id, error: err }; });
          });
        }));
      }
      throw new Error((res.data && res.data.error && res.data.error.message) || ("Erreur " + res.status));
    }).then(function (cols) {
      if (mine === seq) { render(cols); }
    }, function (err) {
      if (mine !== seq) { return; }
      showError(err instanceof TypeError ? "Le serveur ne répond pas : la décision n’a pas pu être mise à jour." : err.message);
    }).then(function () { if (mine === seq) { results.removeAttribute("aria-busy"); } });
  }

  function updateLink(sc) {
    var subset = form.querySelector('input[type="hidden"][name="rulesets"]');
    var qs = "?game=" + encodeURIComponent(game) + (subset ? "&rulesets=" + encodeURIComponent(subset.value) : "") +
      "&scenario=" + encodeURIComponent(JSON.stringify(sc));
    if (share) { share.href = "/arbitrage" + qs; share.parentNode.hidden = false; }
    if (window.history && history.replaceState) { history.replaceState(null, "", "/arbitrage" + qs); }
  }

  function schedule() {
    results.setAttribute("aria-busy", "true");  // a ruling is on its way
    clearTimeout(timer);
    timer = setTimeout(evaluateNow, 150);
  }

  /* ---------------------------------------------------------------- events */
  form.addEventListener("change", function (e) {
    if (e.target.name === "game") { switchGame(e.target.value); }
    if (e.target.name === "called_ball" && e.target.value) {
      var ball = form.querySelector('input[name="called"][value="ball"]');
      if (ball) { ball.checked = true; }
    }
    refresh();
    schedule();
  });
  form.addEventListener("input", function (e) {
    if (e.target.type === "number" || e.target.type === "text") { schedule(); }
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    clearTimeout(timer);
    evaluateNow();
    results.focus();
  });

  refresh();
})();
