/* Play it again (templates/dealing/play_board.html).
 *
 * The page works without this file: every card is a link to the next position, and htmx (hx-boost on
 * #play) swaps the position in place and pushes its address. This adds:
 *  - keys: U undoes, B plays a best card (the links marked data-key), unless typing in a text field;
 *  - focus: after a card, focus goes to the first card of the hand now to play, so Tab/Enter keep playing;
 *  - the "show what each card would give away" box remembers its state (localStorage).
 * The checking of cards and the double-dummy answers are the server's.
 */
(function () {
  "use strict";
  var KEY = "clubsite.play.showCosts";

  function playable() {
    return document.querySelector("#play a.pcard.playable");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    if (target && (/^(SELECT|TEXTAREA)$/.test(target.tagName) ||
        (target.tagName === "INPUT" && !/^(checkbox|radio|button|submit)$/.test(target.type)))) { return; }
    var link = document.querySelector('#play [data-key="' + event.key.toLowerCase() + '"]');
    if (link) {
      event.preventDefault();
      link.click();
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    var next = playable();
    if (next && document.activeElement && (document.activeElement === document.body ||
        !document.contains(document.activeElement))) {
      next.focus({ preventScroll: true });
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("show-costs");
    if (!box) { return; }
    try { box.checked = window.localStorage.getItem(KEY) === "1"; } catch (e) { /* private mode */ }
    box.addEventListener("change", function () {
      try { window.localStorage.setItem(KEY, box.checked ? "1" : "0"); } catch (e) { /* private mode */ }
    });
  });
}());
