/* The table's page: a small app over the phones' API (tables/apis.py).

   - The state comes from the server (GET tables/state/, also embedded in the page) and is kept in local
     storage, so the page works on without the network.
   - Every action (an entry, a confirmation, a correction request) gets an idempotency key when it is made
     and goes into a queue in local storage; the queue is sent in order whenever the network is there, and
     an action is dropped from it only once the server has answered it (a refusal is shown, with its reason
     in the phone's language). Until then the board shows "not sent yet", and the round goes on.
   - Scores are said from a score table the server gives (Law 77 stays on the server: dealing/domain/contract.py).
   - The round, what is confirmed and where to move are worked out from the state, never kept as a "current
     round" of this phone: two phones at one table, a reload or a late phone all show the same. A table that
     finishes a round after the next was released reads that round's moves first, then says it has moved
     (an action like the others, so every phone of the table goes on).
   - A phone signed out of its table (another phone took over) cannot send what it holds: it says so, reports it
     to the server at once (the director's room shows it), and hands it to the table's phone or to the director;
     reloaded, it keeps offering that (the queue stays in its storage).
   - When the director chose so for the session, a pair's phone follows its pair: it asks once whose phone it is,
     and after the round's move instructions it joins the pair's next table by itself (tables/services/following.py);
     otherwise the move screen says to leave the phone at its table.
   - Between rounds the players may see the ranking so far (when the director shows it), and once the results are
     published, their pairs' results and a link to the ranking. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const json = (id) => JSON.parse($(id).textContent);
  const W = json("table-words"), SCORES = json("table-scores"), VUL = json("table-vulnerability"), API = json("table-api");
  const config = $("table-config").dataset;
  const TOKEN = config.token, CODE = config.code;
  const STORE = { state: "tables.state." + CODE, queue: "tables.queue." + CODE, ui: "tables.ui." + CODE,
                  errors: "tables.errors." + CODE, notices: "tables.notices." + CODE, handed: "tables.handed." + CODE };
  const load = (k, d) => { try { const v = localStorage.getItem(k); return v ? JSON.parse(v) : d; } catch (e) { return d; } };
  const save = (k, v) => localStorage.setItem(k, JSON.stringify(v));

  let state = json("table-state");
  const stored = load(STORE.state, null);
  if (stored && stored.stamp && stored.stamp > state.stamp) state = stored;
  save(STORE.state, state);
  let queue = load(STORE.queue, []);
  let errors = load(STORE.errors, []);
  let notices = load(STORE.notices, []);
  let handed = load(STORE.handed, "");        // where a signed-out phone handed what it held: "", "table", "director"
  let ranking = null, rankingAt = 0;
  let ui = load(STORE.ui, { screen: "round" });
  let online = true, sending = false, signedOut = config.signedOut === "1";   // reloaded after being signed out

  // --- words ----------------------------------------------------------------------------------------
  function fmt(text, args) {
    return String(text).replace(/%\((\w+)\)[sd]|\{(\w+)\}/g, (m, a, b) => { const k = a || b; return k in args ? args[k] : m; })
      .replace(/%%/g, "%");
  }
  const esc = (s) => String(s == null ? "" : s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠", N: W.nt || "NT" };   // no trumps in the phone's language ("BA")
  const suitClass = (s) => "suit-" + s.toLowerCase();
  function span(boards) {
    if (boards.length > 2 && boards[boards.length - 1] - boards[0] === boards.length - 1) return boards[0] + "–" + boards[boards.length - 1];
    return boards.join(", ");
  }

  // --- the score, said as the server says it ---------------------------------------------------------
  function nsScore(board, d) {
    if (d.passed_out) return 0;
    const side = "NS".includes(d.declarer) ? "NS" : "EW";
    const v = VUL[String(board)] || "";
    const vul = v === "both" || v === side;
    const cls = d.strain === "N" ? "N" : (d.strain === "S" || d.strain === "H") ? "M" : "C";
    const s = SCORES[vul ? "vul" : "not"][d.level + cls][String(d.doubling || 0)][d.tricks];
    return side === "NS" ? s : -s;
  }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0"; }
  function sayDraft(board, d) {
    if (d.passed_out) return W.said_passed;
    const contract = d.level + SUIT[d.strain] + ["", "×", "××"][d.doubling || 0];
    const over = d.tricks - (6 + d.level);
    const lead = d.lead && d.lead.length > 1 ? SUIT[d.lead[0]] + (d.lead.slice(1) === "T" ? "10" : d.lead.slice(1)) : "";
    return fmt(lead ? W.said_played_lead : W.said_played, { contract: contract, result: over === 0 ? "=" : over > 0 ? "+" + over : "−" + (-over),
      declarer: d.declarer, tricks: W.trick_forms[d.tricks], lead: lead, score: signed(nsScore(board, d)) });
  }
  function entryBody(board, round, d) {
    if (d.passed_out) return { board: board, round: round, passed_out: true };
    const body = { board: board, round: round, level: d.level, strain: d.strain, doubling: String(d.doubling || 0),
                   declarer: d.declarer, tricks: d.tricks };
    if (d.lead) body.lead = d.lead;
    return body;
  }
  function draftFromResult(r) {
    if (!r || !r.contract || r.contract === "PASS") return { passed_out: !!r, doubling: 0 };
    const m = /^(\d)([CDHSN])(X{0,2})$/.exec(r.contract);
    return m ? { level: +m[1], strain: m[2], doubling: m[3].length, declarer: r.declarer, tricks: r.tricks, lead: r.lead || "" } : { doubling: 0 };
  }

  // --- the state as it stands on this phone (the server's, with the queue laid over it) --------------
  function boardsOf(round) { return (state.rounds.find((r) => r.round === round) || { boards: [] }).boards; }
  function effective(round, b) {
    let row = Object.assign({}, boardsOf(round).find((x) => x.board === b) || { board: b, state: "missing" });
    for (const a of queue) {
      if (a.board !== b || a.round !== round) continue;
      if (a.kind === "entry") Object.assign(row, { state: "pending", said: a.said, entry: a.key, side: "NS", unsent: true, draft: a.draft });
      if (a.kind === "confirm" && row.state !== "conflict") Object.assign(row, { state: "confirmed", unsent: true });
    }
    return row;
  }
  // a board the table has nothing more to do with: confirmed, or in a conflict the director settles
  const finished = (round, b) => ["confirmed", "conflict"].includes(effective(round, b).state);
  function movedOn() {
    return queue.filter((a) => a.kind === "moved").reduce((m, a) => Math.max(m, a.round), state.moved || 0);
  }
  // as tables/domain/progress.py's table_position: the first released round not finished; a round finished after
  // the next was released is read (its moves) until the table has moved on
  function position() {
    if (state.released < 1) return { round: 0, playing: false };
    const moved = movedOn();
    for (let i = 0; i < state.rounds.length; i++) {
      const r = state.rounds[i], next = state.rounds[i + 1];
      if (r.round > state.released) break;
      if (r.boards.some((x) => !finished(r.round, x.board))) return { round: r.round, playing: true };
      if (next && next.round <= state.released && r.round > moved && !next.boards.some((x) => finished(next.round, x.board))) {
        return { round: r.round, playing: false, moving: true, next: next.round };
      }
    }
    return { round: Math.min(state.released, state.last_round), playing: false };
  }

  // --- the queue ------------------------------------------------------------------------------------
  const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : Date.now().toString(36) + Math.random().toString(36).slice(2)).replace(/-/g, "");
  function enqueue(action) { queue.push(action); save(STORE.queue, queue); flush(); }
  let etag = "";
  async function call(method, url, body, ifNoneMatch) {
    const options = { method: method, headers: { "X-Table-Token": TOKEN, "Accept": "application/json" }, credentials: "same-origin",
                      cache: "no-store" };
    if (ifNoneMatch) options.headers["If-None-Match"] = ifNoneMatch;
    if (body) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
    return fetch(url, options);
  }
  async function flush() {
    if (sending) return;
    sending = true;
    try {
      while (queue.length) {
        const a = queue[0];
        const url = { entry: API.entries, confirm: API.confirmations, request: API.requests, moved: API.moves }[a.kind];
        let response;
        try { response = await call("POST", url, Object.assign({ key: a.key }, a.body)); }
        catch (e) { setOnline(false); break; }
        if (response.status >= 500) { setOnline(false); break; }
        setOnline(true);
        let data = {};
        try { data = await response.json(); } catch (e) { data = {}; }
        const err = data.error || {};
        if (!response.ok && err.code === "not_joined") { signedOut = true; break; }   // kept: see held()
        queue.shift(); save(STORE.queue, queue);
        if (response.ok && a.kind === "moved") {   // laid into the kept state at once, as an entry's answer is
          state.moved = Math.max(state.moved || 0, data.moved || a.round); save(STORE.state, state); etag = "";
        } else if (response.ok) {
          applyAnswer(data); etag = "";
          if (a.kind === "request") { notices.push(fmt(W.request_sent_board, { n: a.board })); save(STORE.notices, notices); }
        } else if (a.kind === "confirm" && err.code === "conflict") {
          applyAnswer({ status: "conflict", round: a.round, board: a.board }); etag = "";   // the board's state, not an error
        } else if (a.kind !== "moved") {
          errors.push(fmt(W.not_recorded, { n: a.board, why: err.message || response.status }));
          save(STORE.errors, errors);
        }
      }
    } finally { sending = false; }
    if (signedOut) { await report(); render(); return; }
    await refresh();
  }
  // --- a phone signed out with actions it could not send: report them, hand them over -------------------------
  const held = () => queue.filter((a) => a.kind !== "moved");
  async function report(to) {
    if (!held().length) return true;
    const actions = held().map((a) => ({ key: a.key, kind: a.kind, board: a.board, round: a.round, body: a.body }));
    try {
      const response = await call("POST", API.handovers, { to: to || "", actions: actions });
      if (response.ok) return true;
      const data = await response.json().catch(() => ({}));
      handError = fmt(W.handing_failed, { why: (data.error || {}).message || response.status });
    } catch (e) { handError = fmt(W.handing_failed, { why: W.offline }); }
    return false;
  }
  let handError = "";
  async function handOver(to) {
    handError = "";
    if (await report(to)) {
      handed = to; save(STORE.handed, handed);
      queue = []; save(STORE.queue, queue);
    }
    render();
  }
  function applyAnswer(answer) {
    // the server's answer, laid into the kept state at once (the next refresh may not come before the network goes)
    const r = state.rounds.find((x) => x.round === answer.round);
    const row = r && r.boards.find((x) => x.board === answer.board);
    if (!row || !["pending", "confirmed", "conflict"].includes(answer.status)) return;
    if (answer.status === "conflict") {
      const results = (row.results || []).slice();
      for (const words of [row.said, answer.said]) if (words && !results.includes(words)) results.push(words);
      Object.assign(row, { state: "conflict", results: results, said: "" });
    } else {
      Object.assign(row, { state: answer.status, said: answer.said || row.said, result: answer.result, entry: answer.entry });
    }
    save(STORE.state, state);
  }
  async function refresh() {
    if (queue.length && !signedOut) { render(); return; }
    try {
      const response = await call("GET", API.state, null, etag);
      if (response.status === 304) { setOnline(true); }
      else if (response.ok) { etag = response.headers.get("ETag") || ""; state = await response.json(); save(STORE.state, state); setOnline(true); }
      else if (response.status === 400) {
        const data = await response.json().catch(() => ({}));
        if ((data.error || {}).code === "not_joined") signedOut = true;
      }
      if (!signedOut) await loadRanking();
    } catch (e) { setOnline(false); }
    render();
    follow();
  }
  // --- a pair's phone follows its pair (when the director chose so for the session) ---------------------------
  const phone = () => state.phone || {};
  let following = false;
  async function follow() {
    const p = phone();
    if (following || signedOut || queue.length || !p.follows || !p.pair || state.session.over) return;
    if (position().round <= p.round) return;      // the pair's round here is not over yet (its moves are read first)
    following = true;
    try {
      const response = await call("POST", API.phone_follow, {});
      const data = await response.json().catch(() => ({}));
      if (response.ok && data.moved) {
        // the next table's page: its own storage, a word of where the phone is now, and no screen left from before
        localStorage.removeItem("tables.ui." + data.code);
        save("tables.notices." + data.code, [fmt(W.phone_followed, { table: data.table, pair: p.pair })]);
        window.location.reload();
        return;
      }
    } catch (e) { setOnline(false); }
    following = false;
  }
  async function choosePair(pair) {
    try {
      const response = await call("POST", API.phone_pair, { pair: String(pair) });
      if (!response.ok) {
        const data = await response.json().catch(() => ({}));
        errors.push((data.error || {}).message || String(response.status)); save(STORE.errors, errors);
      }
      etag = "";
      await refresh();
    } catch (e) { setOnline(false); render(); }
  }
  function setOnline(value) { online = value; }
  window.addEventListener("online", () => flush());
  window.addEventListener("offline", () => { setOnline(false); renderNet(); });
  setInterval(() => {
    if (signedOut) return;
    if (queue.length) flush(); else if (ui.screen === "round" || ui.screen === "done" || state.session.over) refresh();
  }, 4000);
  // EW reading the result to accept it: a second phone's different result (a conflict) shows within a second
  setInterval(() => { if (!signedOut && !queue.length && !sending && ui.screen === "confirm") refresh(); }, 1000);

  // --- screens --------------------------------------------------------------------------------------
  const app = $("app");
  // A screen is drawn again only when what it shows has changed, and then by morphing (idiomorph, from npm): the
  // elements that stay keep their identity and only what differs is touched. The state is fetched every few
  // seconds and a sent result comes back with its server's id; replacing the whole screen each time swapped the
  // button under a finger between its press and its release, and the tap was lost (and a note being typed wiped).
  // What a player is typing (a field with the focus) keeps its value; a button that kept the focus after its tap is
  // morphed like the rest, label included (ignoring it left "NS: send for EW to confirm" on the next screen's button).
  const painted = new Map();
  function paint(el, html) {
    if (painted.get(el) === html) return;
    const active = document.activeElement;
    const typing = !!active && el.contains(active) && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
    Idiomorph.morph(el, html, { morphStyle: "innerHTML", ignoreActiveValue: typing });
    painted.set(el, html);
  }
  function go(screen, extra) { ui = Object.assign({}, extra || {}, { screen: screen }); save(STORE.ui, ui); render(); window.scrollTo(0, 0); }
  function renderNet() {
    const net = $("net");
    const unsent = new Set(held().map((a) => a.round + ":" + a.board)).size;
    if (signedOut) {
      net.className = "net";
      paint(net, "");
    } else if (queue.length && isOnline()) {       // on its way: no alarm while the network is there
      net.className = "net sending";
      paint(net, '<span data-testid="sending">' + esc(W.sending) + "</span>");
    } else if (unsent) {
      net.className = "net unsent";
      paint(net, '<span data-testid="not-sent">⚠ ' + esc(fmt(W.not_sent_count, { n: unsent })) + "</span> <strong>" + esc(W.offline) + "</strong>");
    } else {
      net.className = "net ok";
      paint(net, '<span data-testid="all-sent">● ' + esc(W.sent) + "</span>");
    }
    const problems = $("problems");
    problems.hidden = !errors.length;
    paint(problems, errors.map((e) => "<p>" + esc(e) + "</p>").join("") +
      (errors.length ? '<button type="button" class="outline" data-act="dismiss">OK</button>' : ""));
    const told = $("notices");
    told.hidden = !notices.length;
    paint(told, notices.map((e) => "<p>" + esc(e) + "</p>").join("") +
      (notices.length ? '<button type="button" class="outline" data-act="dismiss-notices" data-testid="notice-ok">OK</button>' : ""));
  }
  const isOnline = () => online && navigator.onLine !== false;
  // a board's unsent mark: only when it is true that it waits for the network
  const unsentMark = (e) => (e.unsent && !isOnline() ? ' <em class="unsent-mark">' + esc(W.not_sent) + "</em>" : "");
  function pairLine(side, p) {
    if (!p) return "";
    return '<p class="pair" data-testid="pair-' + side.toLowerCase() + '"><span class="side">' + esc(W[side.toLowerCase()]) +
      ' ' + esc(p.label) + "</span> " + esc(p.names) + "</p>";
  }
  function roundData(n) { return state.rounds.find((r) => r.round === n); }
  function vulLine(b) {
    const v = VUL[String(b)] || "";
    return '<p class="vul">' + esc(fmt(W.vul, { who: v === "" ? W.vul_none : v === "both" ? W.vul_both : v })) + "</p>";
  }

  function screenRound(pos) {
    const r = roundData(pos.round);
    let html = '<h2 data-testid="round-title">' + esc(fmt(W.round, { n: r.round, of: state.last_round })) + "</h2>";
    html += r.notes.map((n) => '<p class="note" data-testid="round-note">' + esc(n) + "</p>").join("");
    if (state.locked) html += '<p class="phone-error">' + esc(W.locked) + "</p>";
    html += pairLine("NS", r.ns) + pairLine("EW", r.ew);
    html += phoneWhose();
    html += handedIn();
    const rows = r.boards.map((x) => effective(r.round, x.board));
    const done = rows.filter((x) => x.state === "confirmed").length;
    html += '<p class="muted">' + esc(fmt(W.done_boards, { done: done, all: rows.length })) + "</p>";
    html += '<ul class="boards">' + rows.map((x) =>
      '<li><button type="button" class="board-row state-' + x.state + '" data-act="open" data-board="' + x.board +
      '" data-round="' + r.round + '" data-testid="board-' + x.board + '"><span class="num">' + esc(fmt(W.board, { n: x.board })) + "</span>" +
      '<span class="what">' + boardWhat(x) + "</span></button></li>").join("") + "</ul>";
    const next = rows.find((x) => x.state === "missing");
    if (next && !state.locked) html += '<button type="button" class="big" data-act="check" data-board="' + next.board + '" data-testid="next-board">' + esc(W.next_board) + "</button>";
    return html;
  }
  // what a board's row says: its result (waiting for EW, or not sent yet), or the conflict once, with its results
  function boardWhat(x) {
    if (x.state === "conflict") {
      return esc(W.conflict) + ((x.results || []).length ? '<br><span class="conflict-results" data-testid="conflict-results">' +
        esc((x.results || []).join(" / ")) + "</span>" : "") + unsentMark(x);
    }
    return esc(x.said || W[x.state] || "") + (x.state === "pending" ? " · " + esc(W.pending) : "") + unsentMark(x);
  }
  // results a signed-out phone handed to this table: send them (under their first key) or set them aside
  function handedIn() {
    const items = (state.handovers || []).filter((h) => !queue.some((a) => a.key === h.key) && !dropped.has(h.id));
    if (!items.length) return "";
    return '<section class="handed-in" data-testid="handed-in"><h3>' + esc(W.handed_in) + "</h3>" + items.map((h) =>
      '<div class="handed-item"><p><strong>' + esc(fmt(W.board, { n: h.board })) + "</strong>: " +
      esc(h.kind === "request" ? fmt(W.request_for, { note: h.said }) : h.said) + '</p><div class="row">' +
      '<button type="button" class="outline secondary" data-act="handed-drop" data-id="' + h.id + '" data-testid="handed-drop">' + esc(W.handed_drop) + "</button>" +
      '<button type="button" data-act="handed-send" data-id="' + h.id + '" data-testid="handed-send">' + esc(W.handed_send) + "</button></div></div>").join("") +
      "</section>";
  }
  const dropped = new Set();
  // when phones follow their pairs: which pair this phone goes with, or the question (asked once, at the table)
  function phoneWhose() {
    const p = phone(), now = position().round;
    if (!p.follows) return "";
    if (p.pair && now < p.round) {   // joined a late table: it still plays an earlier round with other pairs
      return '<p class="note" data-testid="phone-behind">' + esc(fmt(W.phone_behind, { table: state.table, round: now, pair: p.pair, next: p.round })) + "</p>";
    }
    if (p.pair) return '<p class="muted" data-testid="phone-with">' + esc(p["with"]) + "</p>";
    if (!(p.choices || []).length) return "";
    return '<section class="phone-whose" data-testid="phone-whose"><p>' + esc(W.phone_whose) + '</p><div class="row">' +
      p.choices.map((x) => '<button type="button" class="outline" data-act="phone-pair" data-value="' + esc(x) +
        '" data-testid="phone-pair-' + esc(x) + '">' + esc(fmt(W.phone_pair, { pair: x })) + "</button>").join("") + "</div></section>";
  }
  // what the move screen says of the phone itself: it stays at this table, or it goes with its pair
  function phoneNote() {
    const p = phone();
    return p.note ? '<p class="phone-note" data-testid="phone-note">' + esc(p.note) + "</p>" : "";
  }
  function screenDone(pos) {
    if (pos.round === 0) return "<p>" + esc(fmt(W.waiting, { n: 1 })) + "</p>";
    const r = roundData(pos.round);
    const out = phone().sitting_out;    // this phone's pair sits out here: say that, not "round N is done"
    let html = out ? '<h2 data-testid="sitting-out">' + esc(out) + "</h2>"
      : '<h2 data-testid="round-done">' + esc(fmt(W.round_done, { n: r.round })) + "</h2>";
    // a teams match: its result, once both of its tables have finished (tables/selectors/teams.py)
    if (r.match_result) html += '<p class="match-result" data-testid="match-result"><strong>' + esc(r.match_result) + "</strong></p>";
    html += r.notes.map((n) => '<p class="note">' + esc(n) + "</p>").join("");
    html += "<h3>" + esc(W.moves) + '</h3><ul class="moves" data-testid="moves">' + r.moves.map((m) => "<li>" + esc(m) + "</li>").join("") + "</ul>";
    html += phoneNote() + phoneWhose();
    if (pos.moving) {   // the next round has started meanwhile: read where to go, move, then start it
      html += '<p class="waiting" data-testid="next-released">' + esc(fmt(W.next_released, { n: pos.next })) + "</p>" +
        '<button type="button" class="big" data-act="moved" data-round="' + r.round + '" data-testid="moved-on">' + esc(fmt(W.moved_on, { n: pos.next })) + "</button>";
    } else if (r.round < state.last_round) html += '<p class="waiting" data-testid="waiting">' + esc(fmt(W.waiting, { n: r.round + 1 })) + "</p>";
    else html += '<p class="waiting" data-testid="session-over">' + esc(W.over) + "</p>";
    html += handedIn();
    html += '<ul class="boards">' + r.boards.map((x) => { const e = effective(r.round, x.board);
      return '<li><button type="button" class="board-row state-' + e.state + '" data-act="open" data-board="' + x.board + '" data-round="' + r.round + '"><span class="num">' +
        esc(fmt(W.board, { n: x.board })) + '</span><span class="what">' + (e.state === "conflict" ? boardWhat(e) : esc(e.said || "") + unsentMark(e)) + "</span></button></li>"; }).join("") + "</ul>";
    html += rankingBox();
    return html;
  }
  // --- the ranking for the players: live between rounds when the director shows it; published at the end -----
  function rankingWanted() { const k = state.ranking || {}; return !!(k.live || k.published); }
  let rankingFor = "";
  async function loadRanking() {
    if (!rankingWanted()) { ranking = null; return; }
    const wanted = JSON.stringify(state.ranking);      // live → provisional → published: fetched again at once
    if (ranking && wanted === rankingFor && Date.now() - rankingAt < 30000) return;
    const p = position();
    if (!state.session.over && p.playing) return;             // only between rounds
    try {
      const response = await call("GET", API.ranking);
      rankingAt = Date.now(); rankingFor = wanted;
      ranking = response.ok ? await response.json() : null;
    } catch (e) { /* offline: the last one stays */ }
  }
  function rankingBox() {
    if (!ranking || !rankingWanted()) return "";
    const title = { live: W.ranking_live, provisional: W.ranking_provisional, published: W.ranking_published }[ranking.kind] || "";
    let html = '<section class="phone-ranking" data-testid="phone-ranking"><h3>' + esc(title) + "</h3>";
    html += ranking.rows.filter((x) => x.here).map((x) => '<p class="pair-result" data-testid="pair-result">' +
      esc(fmt(W.ranking_pair, { pair: x.pair, place: x.place, score: x.score })) + "</p>").join("");
    html += '<table class="phone-ranking-table"><thead><tr><th>' + esc(W.ranking_place) + "</th><th>" + esc(W.ranking_pair_head) +
      "</th><th>" + esc(W.ranking_score) + "</th></tr></thead><tbody>" + ranking.rows.map((x) =>
      '<tr class="' + (x.here ? "here" : "") + '" data-testid="phone-ranking-row"><td>' + esc(x.place) + "</td><td>" + esc(x.pair) +
      ' <span class="names">' + esc(x.names) + '</span></td><td class="score">' + esc(x.score) + "</td></tr>").join("") + "</tbody></table>";
    if (ranking.url) html += '<p><a href="' + esc(ranking.url) + '" role="button" class="outline" data-testid="ranking-link">' + esc(W.ranking_link) + "</a></p>";
    return html + "</section>";
  }
  function screenOver() {
    let html = '<p class="waiting" data-testid="session-over">' + esc(W.over) + "</p>";
    if (!(state.ranking || {}).published) html += '<p class="muted" data-testid="results-to-come">' + esc(W.over_waiting) + "</p>";
    return html + rankingBox();
  }
  function screenSignedOut() {
    let html = '<p class="phone-error" data-testid="signed-out">' + esc(W.signed_out) + "</p>";
    const items = held();
    if (items.length) {
      html += '<section class="held" data-testid="held"><p>' + esc(fmt(W.signed_out_held, { table: state.table })) + "</p><ul>" +
        items.map((a) => "<li>" + esc(fmt(W.board, { n: a.board })) + ": " + esc(a.kind === "request" ? fmt(W.request_for, { note: a.body.note }) :
          a.kind === "confirm" ? fmt(W.held_confirm, { said: effective(a.round, a.board).said || "" }) : a.said || "") +
          "</li>").join("") + "</ul>";
      if (handError) html += '<p class="phone-error" data-testid="hand-error">' + esc(handError) + "</p>";
      html += '<button type="button" class="big" data-act="hand-table" data-testid="hand-to-table">' + esc(W.hand_to_table) + "</button>" +
        '<button type="button" class="big outline" data-act="hand-director" data-testid="hand-to-director">' + esc(W.hand_to_director) + "</button></section>";
    } else if (handed) {
      html += '<p class="phone-notice" data-testid="handed">' + esc(handed === "table" ? W.handed_table : W.handed_director) + "</p>";
    }
    return html + '<p><a role="button" class="big outline" href="' + esc(config.join) + '">' + esc(W.join_again) + "</a></p>";
  }
  function screenCheck() {
    const r = roundData(ui.round);
    let html = '<h2>' + esc(W.which_board) + '</h2><p class="muted">' + esc(W.which_board_help) + "</p>";
    html += '<div class="grid-buttons">' + r.boards.map((x) => { const e = effective(r.round, x.board);
      return '<button type="button" class="big ' + (x.board === ui.board ? "" : "outline") + '" data-act="board" data-board="' + x.board +
        '" data-testid="check-' + x.board + '"' + (e.state === "missing" || e.state === "pending" ? "" : " disabled") + ">" + x.board + "</button>"; }).join("") + "</div>";
    html += '<form data-act="other-board" class="other-board"><label>' + esc(W.other_board) +
      ' <input name="board" inputmode="numeric" data-testid="other-board"></label><button type="submit" class="outline">' + esc(W.check) + "</button></form>";
    if (ui.error) html += '<p class="phone-error" data-testid="entry-error">' + esc(ui.error) + "</p>";
    html += '<button type="button" class="outline secondary" data-act="home">' + esc(W.back) + "</button>";
    return html;
  }
  function buttons(act, values, current, labels, testPrefix) {
    return values.map((v, i) => '<button type="button" data-act="' + act + '" data-value="' + v + '" class="' + (String(current) === String(v) ? "chosen" : "outline") +
      '" data-testid="' + testPrefix + "-" + v + '">' + (labels ? labels[i] : esc(v)) + "</button>").join("");
  }
  function screenContract() {
    const d = ui.draft;
    let html = '<h2 data-testid="entry-title">' + esc(fmt(W.board, { n: ui.board })) + "</h2>" + vulLine(ui.board);
    html += "<h3>" + esc(W.contract) + '</h3><div class="grid-buttons levels">' + buttons("level", [1, 2, 3, 4, 5, 6, 7], d.level, null, "level") + "</div>";
    html += '<div class="grid-buttons strains">' + buttons("strain", ["C", "D", "H", "S", "N"], d.strain,
      ["C", "D", "H", "S", "N"].map((s) => '<span class="' + suitClass(s) + '">' + SUIT[s] + "</span>"), "strain") + "</div>";
    html += '<div class="grid-buttons doubling">' + buttons("doubling", [0, 1, 2], d.doubling || 0, [esc(W.undoubled), "X", "XX"], "doubling") + "</div>";
    html += "<h3>" + esc(W.declarer) + '</h3><div class="grid-buttons seats">' + buttons("declarer", ["N", "E", "S", "W"], d.declarer, null, "declarer") + "</div>";
    html += '<button type="button" class="big passed" data-act="passed" data-testid="passed-out">' + esc(W.passed_out) + "</button>";
    if (ui.error) html += '<p class="phone-error" data-testid="entry-error">' + esc(ui.error) + "</p>";
    html += '<div class="row"><button type="button" class="outline secondary" data-act="home">' + esc(W.back) +
      '</button><button type="button" class="big" data-act="contract-next" data-testid="contract-next">' + esc(W.tricks) + " →</button></div>";
    return html;
  }
  function screenLead() {
    const d = ui.draft;
    const suit = (d.lead || "").slice(0, 1), rank = (d.lead || "").slice(1);
    let html = "<h2>" + esc(W.lead) + '</h2><div class="grid-buttons strains">' + buttons("lead-suit", ["S", "H", "D", "C"], suit,
      ["S", "H", "D", "C"].map((s) => '<span class="' + suitClass(s) + '">' + SUIT[s] + "</span>"), "lead-suit") + "</div>";
    html += '<div class="grid-buttons ranks">' + buttons("lead-rank", ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"], rank,
      ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], "lead-rank") + "</div>";
    html += '<div class="row"><button type="button" class="outline secondary" data-act="no-lead" data-testid="no-lead">' + esc(W.no_lead) +
      '</button><button type="button" class="big" data-act="lead-next" data-testid="lead-next">' + esc(W.tricks) + " →</button></div>";
    return html;
  }
  function screenTricks() {
    const d = ui.draft, need = 6 + d.level;
    const total = ui.tricksMode === "total";
    let html = '<h2>' + esc(d.level + SUIT[d.strain] + ["", "×", "××"][d.doubling || 0] + " " + d.declarer) + "</h2><h3>" +
      esc(total ? W.tricks_total : W.tricks_relative) + '</h3><div class="grid-buttons tricks">';
    if (total) {
      for (let t = 0; t <= 13; t++) html += '<button type="button" data-act="tricks" data-value="' + t + '" class="' + (d.tricks === t ? "chosen" : "outline") + '" data-testid="tricks-' + t + '">' + t + "</button>";
    } else {
      for (let over = -need; over <= 13 - need; over++) {
        const label = over === 0 ? "=" : over > 0 ? "+" + over : "−" + (-over);
        html += '<button type="button" data-act="tricks" data-value="' + (need + over) + '" class="' + (d.tricks === need + over ? "chosen" : "outline") +
          (over === 0 ? " made" : "") + '" data-testid="over-' + (over === 0 ? "made" : over > 0 ? "plus" + over : "minus" + (-over)) + '">' + label + "</button>";
      }
    }
    html += '</div><button type="button" class="link" data-act="tricks-mode">' + esc(total ? W.show_relative : W.show_total) + "</button>";
    html += '<div class="row"><button type="button" class="outline secondary" data-act="back-contract">' + esc(W.back) + "</button></div>";
    return html;
  }
  function screenReview() {
    const d = ui.draft;
    return '<h2>' + esc(fmt(W.board, { n: ui.board })) + '</h2><p class="said big-said" data-testid="said">' + esc(sayDraft(ui.board, d)) + "</p>" + vulLine(ui.board) +
      '<button type="button" class="big" data-act="send" data-testid="send">' + esc(W.send) + "</button>" +
      '<button type="button" class="outline secondary" data-act="back-contract">' + esc(W.back) + "</button>";
  }
  function screenConfirm() {
    const e = effective(ui.round, ui.board);
    if (e.state !== "pending") { return screenAfter(); }
    return '<h2>' + esc(fmt(W.board, { n: ui.board })) + "</h2><h3>" + esc(W.ew_confirm) + '</h3><p class="said big-said" data-testid="said">' + esc(e.said) +
      unsentMark(e) + "</p>" +
      '<button type="button" class="big accept" data-act="accept" data-entry="' + esc(e.entry) + '" data-testid="accept">' + esc(W.accept) + "</button>" +
      '<button type="button" class="outline" data-act="change" data-entry="' + esc(e.entry) + '" data-testid="change">' + esc(W.change) + "</button>" +
      '<button type="button" class="outline secondary" data-act="home">' + esc(W.back) + "</button>";
  }
  function screenAfter() {
    const e = effective(ui.round, ui.board);
    const conflict = e.state === "conflict";
    let html = '<h2>' + esc(fmt(W.board, { n: ui.board })) + "</h2>" + (e.said && !conflict ? '<p class="said big-said" data-testid="said">' + esc(e.said) + "</p>" : "") +
      '<p class="state-line state-' + e.state + '" data-testid="board-state">' + esc(e.state === "confirmed" ? W.confirmed : conflict ? W.conflict : W[e.state] || "") +
      unsentMark(e) + "</p>";
    if (conflict && (e.results || []).length) {
      html += '<ul class="conflict-results" data-testid="conflict-results">' + e.results.map((x) => '<li class="said">' + esc(x) + "</li>").join("") + "</ul>";
    }
    html += '<div id="traveller" data-testid="traveller"></div>';
    html += '<button type="button" class="big" data-act="home" data-testid="continue">' + esc(W.next_board) + "</button>";
    if (e.state === "confirmed") html += '<button type="button" class="outline" data-act="request" data-testid="ask-director">' + esc(W.ask_director) + "</button>";
    if (state.settings.traveller && e.state === "confirmed" && !e.unsent) loadTraveller(ui.board);
    return html;
  }
  function screenRequest() {
    return '<h2>' + esc(fmt(W.board, { n: ui.board })) + '</h2><form data-act="send-request"><label>' + esc(W.request_note) +
      ' <textarea name="note" rows="3" required data-testid="request-note"></textarea></label><button type="submit" class="big" data-testid="request-send">' +
      esc(W.ask_director) + '</button></form><button type="button" class="outline secondary" data-act="home">' + esc(W.back) + "</button>";
  }
  async function loadTraveller(board) {
    try {
      const response = await call("GET", API.traveller.replace("/0/", "/" + board + "/"));
      if (!response.ok) return;
      const t = await response.json();
      const box = $("traveller");
      if (!box || ui.board !== board) return;
      box.innerHTML = "<h3>" + esc(W.traveller) + "</h3>" + (t.mine ? '<p data-testid="my-percent">' + esc(fmt(W.your_result, { ns: t.mine.ns_percent, ew: t.mine.ew_percent })) + "</p>" : "") +
        '<table class="traveller"><tbody>' + t.lines.map((l) => '<tr class="' + (l.here ? "here" : "") + '"><td class="pairs">' + esc(l.ns) + "–" + esc(l.ew) +
        '</td><td class="said">' + esc(l.said) + '</td><td class="percent">' + (l.ns_percent == null ? "" : esc(l.ns_percent) + "\u00a0%") + "</td></tr>").join("") +
        "</tbody></table>";
    } catch (e) { /* offline: no traveller */ }
  }

  // "Leave this table…" is out of the way: only between boards (not under an entry screen), and it asks first
  const ENTRY_SCREENS = ["check", "contract", "lead", "tricks", "review", "confirm", "request"];
  function renderLeave() {
    const box = $("leave-box");
    if (!box) return;
    box.hidden = signedOut || (ENTRY_SCREENS.includes(ui.screen) && !!ui.round && !state.session.over);
    const unsent = new Set(held().map((a) => a.round + ":" + a.board)).size;
    const warn = $("leave-unsent");
    warn.hidden = !unsent;
    warn.textContent = unsent ? fmt(W.leave_unsent, { n: unsent }) : "";
  }
  function render() {
    renderNet();
    renderLeave();
    if (signedOut) { paint(app, screenSignedOut()); return; }
    if (state.session.over) { paint(app, screenOver()); return; }
    const pos = position();
    if ((ui.screen === "confirm" || ui.screen === "after") && ui.round && effective(ui.round, ui.board).state === "missing") {
      ui = { screen: "round" }; save(STORE.ui, ui);          // what was on this screen was refused: back to the round
    }
    const screens = { check: screenCheck, contract: screenContract, lead: screenLead, tricks: screenTricks, review: screenReview,
                      confirm: screenConfirm, after: screenAfter, request: screenRequest };
    if (screens[ui.screen] && ui.round) { paint(app, screens[ui.screen]()); return; }
    paint(app, pos.playing ? screenRound(pos) : screenDone(pos));
  }

  // --- what the buttons do ------------------------------------------------------------------------------
  function startBoard(board, round) {
    const e = effective(round, board);
    if (e.state === "pending") return go("confirm", { board: board, round: round });
    if (e.state === "confirmed" || e.state === "conflict") return go("after", { board: board, round: round });
    go("contract", { board: board, round: round, draft: { doubling: 0 }, tricksMode: state.settings.tricks });
  }
  app.addEventListener("click", (event) => {
    const el = event.target.closest("[data-act]");
    if (!el || el.tagName === "FORM") return;
    const act = el.dataset.act, value = el.dataset.value;
    const d = ui.draft || {};
    const roundNow = () => position().round;
    if (act === "open") return startBoard(+el.dataset.board, +(el.dataset.round || roundNow()));
    if (act === "check") return go("check", { board: +el.dataset.board, round: roundNow() });
    if (act === "board") return startBoard(+el.dataset.board, ui.round);
    if (act === "home") return go("round");
    if (act === "level") { d.level = +value; d.passed_out = false; }
    if (act === "strain") { d.strain = value; d.passed_out = false; }
    if (act === "doubling") d.doubling = +value;
    if (act === "declarer") d.declarer = value;
    if (act === "passed") { ui.draft = { passed_out: true }; ui.error = ""; return go("review", ui); }
    if (act === "contract-next") {
      const missing = !d.level ? W.level_missing : !d.strain ? W.strain_missing : !d.declarer ? W.declarer_missing : "";
      if (missing) { ui.error = missing; save(STORE.ui, ui); return render(); }
      ui.error = ""; d.passed_out = false;
      if (d.tricks != null && (d.tricks < 0 || d.tricks > 13)) d.tricks = null;
      return go(state.settings.lead ? "lead" : "tricks", ui);
    }
    if (act === "lead-suit") d.lead = value + (d.lead || "").slice(1);
    if (act === "lead-rank") d.lead = ((d.lead || "S").slice(0, 1)) + value;
    if (act === "no-lead") { d.lead = ""; return go("tricks", ui); }
    if (act === "lead-next") return go("tricks", ui);
    if (act === "tricks-mode") ui.tricksMode = ui.tricksMode === "total" ? "relative" : "total";
    if (act === "tricks") { d.tricks = +value; return go("review", ui); }
    if (act === "back-contract") return go("contract", ui);
    if (act === "send") {
      const key = newKey();
      enqueue({ kind: "entry", key: key, board: ui.board, round: ui.round, said: sayDraft(ui.board, d), draft: d,
                body: Object.assign(entryBody(ui.board, ui.round, d), { side: "NS", replaces: ui.replaces || "" }) });
      return go("confirm", { board: ui.board, round: ui.round });
    }
    if (act === "accept") {
      enqueue({ kind: "confirm", key: newKey(), board: ui.board, round: ui.round, body: { entry: el.dataset.entry, side: "EW" } });
      return go("after", { board: ui.board, round: ui.round });
    }
    if (act === "change") {
      const e = effective(ui.round, ui.board);
      return go("contract", { board: ui.board, round: ui.round, replaces: el.dataset.entry, tricksMode: state.settings.tricks,
                              draft: e.draft ? Object.assign({}, e.draft) : draftFromResult(e.result) });
    }
    if (act === "request") return go("request", { board: ui.board, round: ui.round });
    if (act === "moved") {
      enqueue({ kind: "moved", key: newKey(), board: 0, round: +el.dataset.round, body: { round: +el.dataset.round } });
      return go("round");
    }
    if (act === "phone-pair") return choosePair(value);
    if (act === "hand-table" || act === "hand-director") return handOver(act === "hand-table" ? "table" : "director");
    if (act === "handed-send" || act === "handed-drop") {
      const h = (state.handovers || []).find((x) => x.id === +el.dataset.id);
      if (!h) return render();
      if (act === "handed-drop") {
        dropped.add(h.id);
        call("POST", API.dismissals, { handover: h.id }).then(() => { etag = ""; refresh(); }).catch(() => {});
        return render();
      }
      const said = h.said;
      if (h.kind === "entry") enqueue({ kind: "entry", key: h.key, board: h.board, round: h.round, said: said, draft: null, body: h.body });
      else enqueue({ kind: h.kind, key: h.key, board: h.board, round: h.round, body: h.body });
      return render();
    }
    ui.draft = d; save(STORE.ui, ui); render();
  });
  $("problems").addEventListener("click", (event) => {
    if (event.target.closest("[data-act=dismiss]")) { errors = []; save(STORE.errors, errors); renderNet(); }
  });
  $("notices").addEventListener("click", (event) => {
    if (event.target.closest("[data-act=dismiss-notices]")) { notices = []; save(STORE.notices, notices); renderNet(); }
  });
  const leaveBox = $("leave-box");
  if (leaveBox) {
    leaveBox.addEventListener("click", (event) => {
      const ask = event.target.closest("[data-testid=leave]"), no = event.target.closest("[data-testid=leave-no]");
      if (ask) { $("leave-confirm").hidden = false; ask.hidden = true; renderLeave(); }
      if (no) { $("leave-confirm").hidden = true; leaveBox.querySelector("[data-testid=leave]").hidden = false; }
    });
  }
  app.addEventListener("submit", (event) => {
    const form = event.target;
    event.preventDefault();
    if (form.dataset.act === "other-board") {
      const board = parseInt(form.elements.board.value, 10);
      const r = roundData(ui.round);
      if (!r.boards.some((x) => x.board === board)) {
        ui.error = fmt(W.board_not_here, { board: isNaN(board) ? form.elements.board.value : board, table: state.table, round: r.round,
                                           boards: span(r.boards.map((x) => x.board)) });
        save(STORE.ui, ui); return render();
      }
      ui.error = ""; return startBoard(board, ui.round);
    }
    if (form.dataset.act === "send-request") {
      enqueue({ kind: "request", key: newKey(), board: ui.board, round: ui.round, body: { board: ui.board, note: form.elements.note.value } });
      return go("round");   // "with the director" is said once the server has it (flush)
    }
  });

  if ("serviceWorker" in navigator && config.sw) {
    navigator.serviceWorker.register(config.sw, { scope: config.sw.replace(/sw\.js$/, "") }).catch(() => {});
  }
  // a phone reloaded after being signed out: what it holds unsent is still offered (else it joins a table again)
  if (signedOut && !held().length && !handed) { window.location.replace(config.join); return; }
  render();
  if (signedOut) report().then(render); else flush();
})();
