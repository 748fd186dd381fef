/* The session's pairs page (templates/clubs/session_pairs.html): "guest" beside a player's field whose name is
   none of the members offered (the server decides the same way). */
(function () {
  "use strict";
  function start() {
    var list = document.getElementById("club-members");
    if (!list) return;
    var fold = function (text) { return text.trim().replace(/\s+/g, " ").toLowerCase(); };
    var members = new Set(Array.prototype.map.call(list.options, function (o) { return fold(o.value); }));
    document.querySelectorAll("input.player").forEach(function (input) {
      var tag = input.parentElement.querySelector(".guest-tag");
      input.addEventListener("input", function () {
        var name = fold(input.value);
        tag.hidden = !name || members.has(name);
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
