/* Projector: the leaders stay on top; the other rows page by themselves to fit the screen.
 * Re-pages (keeping its place) whenever live.js swaps in new rows, and when the window resizes.
 */
(function () {
  "use strict";
  var board = document.querySelector(".projector-board");
  if (!board) { return; }
  var seconds = parseInt(board.getAttribute("data-page-seconds"), 10) || 12;
  var label = document.querySelector("[data-page-label]");
  var page = 0;
  var pages = 1;

  function layout() {
    var rest = board.querySelector("tbody.pages");
    if (!rest) { if (label) { label.textContent = ""; } return; }
    var rows = Array.prototype.slice.call(rest.rows);
    rows.forEach(function (r) { r.hidden = false; });
    var table = board.querySelector("table");
    var foot = document.querySelector(".projector-foot");
    var legend = board.querySelector(".projector-legend");
    var footHeight = (foot ? foot.offsetHeight : 0) + (legend ? legend.offsetHeight + 12 : 0);
    var available = window.innerHeight - rest.getBoundingClientRect().top - footHeight - 8;
    var rowHeight = rows.length ? rows[0].getBoundingClientRect().height : 1;
    var perPage = Math.max(1, Math.floor(available / rowHeight));
    pages = Math.max(1, Math.ceil(rows.length / perPage));
    if (page >= pages) { page = 0; }
    rows.forEach(function (r, i) { r.hidden = Math.floor(i / perPage) !== page; });
    if (label) { label.textContent = pages > 1
      ? interpolate(gettext("Page %(page)s of %(pages)s"), { page: page + 1, pages: pages }, true) : ""; }
    if (table) { table.setAttribute("data-page", String(page + 1)); }
  }

  function next() {
    page = (page + 1) % pages;
    layout();
  }

  board.addEventListener("live:updated", layout);
  window.addEventListener("resize", layout);
  layout();
  window.setInterval(next, seconds * 1000);
})();
