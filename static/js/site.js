/* Every page (templates/base.html): on a phone, a table too wide for the screen is shown as one
   block per row, each cell under its column's name, so that no column is cut off or hidden behind a
   sideways scroll (static/css/site.css, table.stacked).

   Only tables that do not fit are changed, and only below 577 px. A table that is a grid by nature
   (a schedule read across and down) keeps scrolling with class "keep-grid"; tables with a phone
   layout of their own (.sessions, .entry-table, .audit, .dd-table) are left alone. The cells keep
   their table roles for screen readers (display: block would drop them), and a cell's label is its
   column header's text unless the template gives data-label (a row's th is its title). Runs again after
   htmx swaps, when a <details> opens and when the window is resized. */
(function () {
  "use strict";
  var PHONE = window.matchMedia("(max-width: 576px)");
  var SKIP = ".keep-grid, .sessions, .entry-table, .audit table, .dd-table, .hand-diagram table";

  function headers(table) {
    var row = table.tHead && table.tHead.rows[table.tHead.rows.length - 1];
    if (!row) return [];
    var names = [];
    Array.prototype.forEach.call(row.cells, function (cell) {
      var span = cell.colSpan || 1;
      for (var i = 0; i < span; i++) names.push(cell.textContent.replace(/\s+/g, " ").trim());
    });
    return names;
  }

  function stack(table) {
    var names = headers(table);
    table.setAttribute("role", "table");
    Array.prototype.forEach.call(table.querySelectorAll("thead, tbody, tfoot"), function (group) {
      group.setAttribute("role", "rowgroup");
    });
    Array.prototype.forEach.call(table.rows, function (row) {
      row.setAttribute("role", "row");
      var column = 0;
      Array.prototype.forEach.call(row.cells, function (cell) {
        var header = cell.tagName === "TH";
        var inHead = row.parentNode && row.parentNode.tagName === "THEAD";
        cell.setAttribute("role", inHead ? "columnheader" : (header ? "rowheader" : "cell"));
        if (!inHead && !header && !cell.hasAttribute("data-label") && names[column]) {
          cell.setAttribute("data-label", names[column]);
        }
        column += cell.colSpan || 1;
      });
    });
    table.classList.add("stacked");
  }

  function fits(table) {
    var box = table.parentElement;
    return table.getBoundingClientRect().width <= Math.min(box.clientWidth, document.documentElement.clientWidth) + 1;
  }

  function run(root) {
    if (!PHONE.matches) return;
    Array.prototype.forEach.call((root || document).querySelectorAll("main table:not(.stacked)"), function (table) {
      if (table.matches(SKIP) || table.closest(".keep-grid") || !table.tHead || fits(table)) return;
      stack(table);
    });
  }

  document.addEventListener("DOMContentLoaded", function () { run(document); });
  document.addEventListener("htmx:afterSettle", function (event) { run(event.target.parentElement || document); });
  // a table in a closed <details> has no width until it is opened (a traveller on the results page)
  document.addEventListener("toggle", function (event) { if (event.target.open) run(event.target); }, true);
  var resized = null;
  window.addEventListener("resize", function () { clearTimeout(resized); resized = setTimeout(function () { run(document); }, 200); });
})();

/* A form with data-confirm asks before it is sent (the question is the attribute's text): the Content Security
   Policy allows no inline handler such as onsubmit="return confirm(…)" (docs/security.md). */
document.addEventListener("submit", function (event) {
  "use strict";
  var form = event.target;
  var question = form && form.getAttribute && form.getAttribute("data-confirm");
  if (question && !window.confirm(question)) event.preventDefault();
});
