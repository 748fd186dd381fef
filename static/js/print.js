/* The print pages seen on a screen (templates/print/base.html): a button with data-print prints the page. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) { event.preventDefault(); window.print(); }
  });
})();
