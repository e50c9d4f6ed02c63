// /comparer: instant « seulement les différences » toggle (rows, topic groups and folded texts) and quick picks that tick the boxes.
// The page works without this script (links and GET forms do the same).
(function () {
  "use strict";
  var table = document.getElementById("cmp-policies");
  var toggle = document.getElementById("cmp-toggle");
  if (table && toggle) {
    toggle.hidden = false;
    var link = document.getElementById("cmp-difflink");
    if (link) { link.hidden = true; }
    toggle.addEventListener("click", function () {
      var on = !table.classList.contains("cmp-only-diff");
      table.classList.toggle("cmp-only-diff", on);
      var root = document.querySelector(".compare-page");
      if (root) { root.classList.toggle("is-only-diff", on); }
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      var box = document.getElementById("cmp-only-diff");
      if (box) { box.checked = on; }
    });
  }
  var picks = document.querySelectorAll(".cmp-pick[data-rulesets]");
  Array.prototype.forEach.call(picks, function (link) {
    link.addEventListener("click", function (ev) {
      var ids = link.getAttribute("data-rulesets").split(",");
      var boxes = document.querySelectorAll('.cmp-form input[name="rulesets"]');
      if (!boxes.length) { return; }
      ev.preventDefault();
      Array.prototype.forEach.call(boxes, function (b) { b.checked = ids.indexOf(b.value) >= 0; });
      var form = link.closest("form");
      if (form) { form.submit(); }
    });
  });
}());
