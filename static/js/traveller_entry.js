/* The scorer's traveller page (templates/scoring/entry.html), keyboard only.
 *
 * What a line says is asked for 150 ms after the scorer stops typing (a "preview" event on the input,
 * an htmx GET). A line is saved when the scorer leaves it or presses Enter (htmx POST, triggered here
 * by a "save" event on the line's form; only when the text changed since it was last sent), and a
 * preview still waiting is dropped then, so it cannot overwrite what the save answered. Enter saves the
 * line and waits for the answer: saved, it moves to the next line (after the last line, to the "next
 * board" link, so the board's matchpoints are in view and Enter again opens the next board); refused, the
 * focus stays on the line with its text selected, so that the correction typed at once replaces it there
 * and never lands on the next table's line. What is typed while the answer is awaited is kept and typed
 * into the line that has the focus once it comes. Tab leaves a line on purpose, saved or not (its error
 * stays beside it). PgDn / PgUp save the line being typed and open the next / previous board. The score
 * itself is said by the server.
 */
(function () {
  "use strict";

  function inputs() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-entry-input]"));
  }

  function preview(input) {
    clearTimeout(input._preview);
    input._preview = setTimeout(function () { htmx.trigger(input, "preview"); }, 150);
  }

  function save(input) {
    clearTimeout(input._preview);
    var form = input.form;
    if (input.readOnly || input.value === input.dataset.sent) {
      return Promise.resolve(!form.dataset.failed);
    }
    input.dataset.sent = input.value;
    return new Promise(function (resolve) {
      function done(event) {
        if (event.detail.elt !== form) return;
        form.removeEventListener("htmx:afterRequest", done);
        var xhr = event.detail.xhr;
        var ok = event.detail.successful && (!xhr || xhr.getResponseHeader("X-Line-Status") !== "error");
        if (ok) { delete form.dataset.failed; } else { form.dataset.failed = "1"; }
        resolve(ok);
      }
      form.addEventListener("htmx:afterRequest", done);
      htmx.trigger(form, "save");
    });
  }

  function current() {
    var active = document.activeElement;
    return active && active.hasAttribute && active.hasAttribute("data-entry-input") ? active : null;
  }

  function go(link) {
    var input = current();
    (input ? save(input) : Promise.resolve(true)).then(function (ok) {
      if (ok) { window.location.href = link.href; } else if (input) { input.focus(); input.select(); }
    });
  }

  // While an Enter's save is answered: the keys typed meanwhile, for the line that has the focus after it.
  var awaiting = null;

  function typeInto(input, key) {
    var start = input.selectionStart, end = input.selectionEnd, value = input.value;
    if (key === "Backspace") {
      if (start === end && start > 0) start -= 1;
      input.value = value.slice(0, start) + value.slice(end);
    } else {
      input.value = value.slice(0, start) + key + value.slice(end);
      start += key.length;
    }
    input.setSelectionRange(start, start);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function replay(input, keys) {
    for (var i = 0; i < keys.length; i++) {
      if (keys[i] === "Enter") {
        enter(input, keys.slice(i + 1));
        return;
      }
      typeInto(input, keys[i]);
    }
  }

  function enter(input, typedAhead) {
    var all = inputs();
    var next = all[all.indexOf(input) + 1];
    awaiting = { keys: typedAhead || [] };
    save(input).then(function (ok) {
      var keys = awaiting ? awaiting.keys : [];
      awaiting = null;
      if (!ok) {
        input.focus();
        input.select();
        replay(input, keys);
      } else if (next) {
        next.focus();
        next.select();
        replay(next, keys);
      } else {
        var onward = document.querySelector("[data-next-board-button]");
        if (onward) { onward.focus(); }
      }
    });
  }

  document.addEventListener("input", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-entry-input")) preview(event.target);
  });

  document.addEventListener("change", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-entry-input")) save(event.target);
  });

  document.addEventListener("keydown", function (event) {
    if (awaiting) {
      var typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (typed || event.key === "Backspace" || (event.key === "Enter" && !event.shiftKey)) {
        event.preventDefault();
        awaiting.keys.push(event.key);
        return;
      }
    }
    if ((event.key === "PageDown" || event.key === "PageUp") && !event.altKey && !event.ctrlKey) {
      var link = document.querySelector(event.key === "PageDown" ? "[data-next-board]" : "[data-previous-board]");
      if (!link) return;
      event.preventDefault();
      go(link);
      return;
    }
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey) return;
    var input = event.target.closest ? event.target.closest("[data-entry-input]") : null;
    if (!input) return;
    event.preventDefault();
    enter(input);
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("[data-next-board], [data-previous-board], [data-next-board-button]") : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(link);
  });
})();
