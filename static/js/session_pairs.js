/* The session's pairs page (templates/events/session_pairs.html): "guest" beside a player's field whose name is
   none of the members offered (the server decides the same way), and a "did you mean …?" answer written into the
   player's field when it is chosen. */
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
    // "Did you mean …?": the answer chosen is written into the player's field at once (the server reads the answer
    // either way, so the page works without this).
    document.querySelectorAll(".did-you-mean input[type=radio]").forEach(function (radio) {
      radio.addEventListener("change", function () {
        var input = document.getElementById(radio.closest(".did-you-mean").dataset.for);
        if (!input || !radio.checked) return;
        input.value = radio.dataset.name;
        input.dispatchEvent(new Event("input"));
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
