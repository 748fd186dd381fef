/* The table's page: a small app over the phones' API (tables/apis.py).

   - The state comes from the server (GET tables/state/, also embedded in the page) and is kept in local
     storage, so the page works on without the network.
   - Every action (an entry, a confirmation, a correction request) gets an idempotency key when it is made
     and goes into a queue in local storage; the queue is sent in order whenever the network is there, and
     an action is dropped from it only once the server has answered it (a refusal is shown, with its reason
     in the phone's language). Until then the board shows "not sent yet", and the round goes on.
   - Scores are said from a score table the server gives (Law 77 stays on the server: dealing/domain/contract.py).
   - The round, what is confirmed and where to move are worked out from the state, never kept as a "current
     round" of this phone: two phones at one table, a reload or a late phone all show the same. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const json = (id) => JSON.parse($(id).textContent);
  const W = json("table-words"), SCORES = json("table-scores"), VUL = json("table-vulnerability"), API = json("table-api");
  const config = $("table-config").dataset;
  const TOKEN = config.token, CODE = config.code;
  const STORE = { state: "tables.state." + CODE, queue: "tables.queue." + CODE, ui: "tables.ui." + CODE,
                  errors: "tables.errors." + CODE };
  const load = (k, d) => { try { const v = localStorage.getItem(k); return v ? JSON.parse(v) : d; } catch (e) { return d; } };
  const save = (k, v) => localStorage.setItem(k, JSON.stringify(v));

  let state = json("table-state");
  const stored = load(STORE.state, null);
  if (stored && stored.stamp && stored.stamp > state.stamp) state = stored;
  save(STORE.state, state);
  let queue = load(STORE.queue, []);
  let errors = load(STORE.errors, []);
  let ui = load(STORE.ui, { screen: "round" });
  let online = true, sending = false, signedOut = false;

  // --- words ----------------------------------------------------------------------------------------
  function fmt(text, args) {
    return String(text).replace(/%\((\w+)\)[sd]|\{(\w+)\}/g, (m, a, b) => { const k = a || b; return k in args ? args[k] : m; })
      .replace(/%%/g, "%");
  }
  const esc = (s) => String(s == null ? "" : s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠", N: "NT" };
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
  function position() {
    if (state.released < 1) return { round: 0, playing: false };
    for (const r of state.rounds) {
      if (r.round > state.released) break;
      if (r.boards.some((x) => effective(r.round, x.board).state !== "confirmed")) return { round: r.round, playing: true };
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
        const url = { entry: API.entries, confirm: API.confirmations, request: API.requests }[a.kind];
        let response;
        try { response = await call("POST", url, Object.assign({ key: a.key }, a.body)); }
        catch (e) { setOnline(false); break; }
        if (response.status >= 500) { setOnline(false); break; }
        setOnline(true);
        let data = {};
        try { data = await response.json(); } catch (e) { data = {}; }
        queue.shift(); save(STORE.queue, queue);
        if (response.ok) { applyAnswer(data); etag = ""; }
        if (!response.ok) {
          const err = data.error || {};
          if (err.code === "not_joined") { signedOut = true; queue.unshift(a); save(STORE.queue, queue); break; }
          errors.push(fmt(W.not_recorded, { n: a.board, why: err.message || response.status }));
          save(STORE.errors, errors);
        }
      }
    } finally { sending = false; }
    await refresh();
  }
  function applyAnswer(answer) {
    // the server's answer, laid into the kept state at once (the next refresh may not come before the network goes)
    const r = state.rounds.find((x) => x.round === answer.round);
    const row = r && r.boards.find((x) => x.board === answer.board);
    if (!row || !["pending", "confirmed", "conflict"].includes(answer.status)) return;
    Object.assign(row, { state: answer.status, said: answer.said || row.said, result: answer.result, entry: answer.entry });
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
    } catch (e) { setOnline(false); }
    render();
  }
  function setOnline(value) { online = value; }
  window.addEventListener("online", () => flush());
  window.addEventListener("offline", () => { setOnline(false); renderNet(); });
  setInterval(() => { if (queue.length) flush(); else if (ui.screen === "round" || ui.screen === "done") refresh(); }, 4000);

  // --- screens --------------------------------------------------------------------------------------
  const app = $("app");
  // A screen is drawn again only when what it shows has changed, and then by morphing (idiomorph, from npm): the
  // elements that stay keep their identity and only what differs is touched. The state is fetched every few
  // seconds and a sent result comes back with its server's id; replacing the whole screen each time swapped the
  // button under a finger between its press and its release, and the tap was lost (and a note being typed wiped).
  const painted = new Map();
  function paint(el, html) {
    if (painted.get(el) === html) return;
    Idiomorph.morph(el, html, { morphStyle: "innerHTML", ignoreActiveValue: true });
    painted.set(el, html);
  }
  function go(screen, extra) { ui = Object.assign({}, extra || {}, { screen: screen }); save(STORE.ui, ui); render(); window.scrollTo(0, 0); }
  function renderNet() {
    const net = $("net");
    const unsent = new Set(queue.map((a) => a.round + ":" + a.board)).size;
    if (unsent) {
      net.className = "net unsent";
      paint(net, '<span data-testid="not-sent">⚠ ' + esc(fmt(W.not_sent_count, { n: unsent })) + "</span>" +
        (online && navigator.onLine !== false ? "" : " <strong>" + esc(W.offline) + "</strong>"));
    } else {
      net.className = "net ok";
      paint(net, '<span data-testid="all-sent">● ' + esc(W.sent) + "</span>");
    }
    const problems = $("problems");
    problems.hidden = !errors.length;
    paint(problems, errors.map((e) => "<p>" + esc(e) + "</p>").join("") +
      (errors.length ? '<button type="button" class="outline" data-act="dismiss">OK</button>' : ""));
  }
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
    const rows = r.boards.map((x) => effective(r.round, x.board));
    const done = rows.filter((x) => x.state === "confirmed").length;
    html += '<p class="muted">' + esc(fmt(W.done_boards, { done: done, all: rows.length })) + "</p>";
    html += '<ul class="boards">' + rows.map((x) =>
      '<li><button type="button" class="board-row state-' + x.state + '" data-act="open" data-board="' + x.board +
      '" data-testid="board-' + x.board + '"><span class="num">' + esc(fmt(W.board, { n: x.board })) + "</span>" +
      '<span class="what">' + esc(x.said || W[x.state] || "") + (x.state === "pending" ? " · " + esc(W.pending) : "") +
      (x.state === "conflict" ? esc(W.conflict) : "") + (x.unsent ? ' <em class="unsent-mark">' + esc(W.not_sent) + "</em>" : "") +
      "</span></button></li>").join("") + "</ul>";
    const next = rows.find((x) => x.state === "missing");
    if (next && !state.locked) html += '<button type="button" class="big" data-act="check" data-board="' + next.board + '" data-testid="next-board">' + esc(W.next_board) + "</button>";
    return html;
  }
  function screenDone(pos) {
    if (pos.round === 0) return "<p>" + esc(fmt(W.waiting, { n: 1 })) + "</p>";
    const r = roundData(pos.round);
    let html = '<h2 data-testid="round-done">' + esc(fmt(W.round_done, { n: r.round })) + "</h2>";
    html += r.notes.map((n) => '<p class="note">' + esc(n) + "</p>").join("");
    html += "<h3>" + esc(W.moves) + '</h3><ul class="moves" data-testid="moves">' + r.moves.map((m) => "<li>" + esc(m) + "</li>").join("") + "</ul>";
    if (r.round < state.last_round) html += '<p class="waiting" data-testid="waiting">' + esc(fmt(W.waiting, { n: r.round + 1 })) + "</p>";
    else html += '<p class="waiting" data-testid="session-over">' + esc(W.over) + "</p>";
    html += '<ul class="boards">' + r.boards.map((x) => { const e = effective(r.round, x.board);
      return '<li><button type="button" class="board-row state-' + e.state + '" data-act="open" data-board="' + x.board + '" data-round="' + r.round + '"><span class="num">' +
        esc(fmt(W.board, { n: x.board })) + '</span><span class="what">' + esc(e.said || "") + (e.unsent ? ' <em class="unsent-mark">' + esc(W.not_sent) + "</em>" : "") + "</span></button></li>"; }).join("") + "</ul>";
    return html;
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
      (e.unsent ? ' <em class="unsent-mark">' + esc(W.not_sent) + "</em>" : "") + "</p>" +
      '<button type="button" class="big accept" data-act="accept" data-entry="' + esc(e.entry) + '" data-testid="accept">' + esc(W.accept) + "</button>" +
      '<button type="button" class="outline" data-act="change" data-entry="' + esc(e.entry) + '" data-testid="change">' + esc(W.change) + "</button>" +
      '<button type="button" class="outline secondary" data-act="home">' + esc(W.back) + "</button>";
  }
  function screenAfter() {
    const e = effective(ui.round, ui.board);
    let html = '<h2>' + esc(fmt(W.board, { n: ui.board })) + "</h2>" + (e.said ? '<p class="said big-said" data-testid="said">' + esc(e.said) + "</p>" : "") +
      '<p class="state-line state-' + e.state + '" data-testid="board-state">' + esc(e.state === "confirmed" ? W.confirmed : e.state === "conflict" ? W.conflict : W[e.state] || "") +
      (e.unsent ? ' <em class="unsent-mark">' + esc(W.not_sent) + "</em>" : "") + "</p>";
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
        '<table class="traveller"><tbody>' + t.lines.map((l) => '<tr class="' + (l.here ? "here" : "") + '"><td>' + esc(l.ns) + "–" + esc(l.ew) + "</td><td>" + esc(l.said) + "</td><td>" +
        (l.ns_percent == null ? "" : esc(l.ns_percent) + " %") + "</td></tr>").join("") + "</tbody></table>";
    } catch (e) { /* offline: no traveller */ }
  }

  function render() {
    renderNet();
    if (signedOut) {
      paint(app, '<p class="phone-error" data-testid="signed-out">' + esc(W.signed_out) + '</p><p><a role="button" class="big" href="../t/join/">' + esc(W.join_again) + "</a></p>");
      return;
    }
    if (state.session.over) { paint(app, '<p class="waiting" data-testid="session-over">' + esc(W.over) + "</p>"); return; }
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
    ui.draft = d; save(STORE.ui, ui); render();
  });
  $("problems").addEventListener("click", (event) => {
    if (event.target.closest("[data-act=dismiss]")) { errors = []; save(STORE.errors, errors); renderNet(); }
  });
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
      errors.push(W.request_sent); save(STORE.errors, errors);
      return go("round");
    }
  });

  if ("serviceWorker" in navigator && config.sw) {
    navigator.serviceWorker.register(config.sw, { scope: config.sw.replace(/sw\.js$/, "") }).catch(() => {});
  }
  render();
  flush();
})();
