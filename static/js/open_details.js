/* A link to a collapsed section (a <details> with an id: a board's "why" on a pair's scorecard, a board or a pair
   on the results page) opens it. */
(function () {
  "use strict";
  function openTarget() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.tagName === "DETAILS") { target.open = true; target.scrollIntoView(); }
  }
  window.addEventListener("hashchange", openTarget);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openTarget); else openTarget();
})();
