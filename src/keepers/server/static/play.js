// A game's page: the board from the seat's view, decisions by clicking it (or from the
// list), the log of recent decisions, the score sheet at the end.
import { api, GameSocket } from "./net.js";
import { t, language, gameTitle } from "./i18n.js";
import { svg, html, ClickBuilder, highlight, recentKeys } from "./board.js";

const RECENT_MAX = 8;
const HOVER_MS = 300;

// The seat token this browser holds for a game: this tab's, else the last one kept.
export function tokenFor(gameId) {
  return sessionStorage.getItem(`keepers.token.${gameId}`)
    || localStorage.getItem(`keepers.token.${gameId}`);
}

export function keepToken(gameId, token) {
  sessionStorage.setItem(`keepers.token.${gameId}`, token);
  localStorage.setItem(`keepers.token.${gameId}`, token);
}

export function forgetToken(gameId) {
  sessionStorage.removeItem(`keepers.token.${gameId}`);
  localStorage.removeItem(`keepers.token.${gameId}`);
}

// A game's board module, or null when the game has none (the page then shows the view
// as text and the decision list).
export async function boardModule(game) {
  try {
    return await import(`./games/${game}.js`);
  } catch (error) {
    console.info(`no board module for ${game}:`, error.message);
    return null;
  }
}

// A seat as people name it: counted from 1, with the player's name or the bot's.
export function seatName(summary, seat) {
  const info = summary && summary.seats ? summary.seats[seat] : null;
  const who = info ? info.name || (info.bot ? t("web.bot", { bot: info.bot }) : "") : "";
  return who ? t("web.seat_named", { n: seat + 1, name: who }) : t("web.seat", { n: seat + 1 });
}

// The final score sheet: a row per seat, the winners marked.
export function scoreSheet(summary, players, scores, winners) {
  const rows = [];
  for (let seat = 0; seat < players; seat += 1) {
    const won = winners.includes(seat);
    rows.push(html("tr", { class: won ? "winner" : "" },
      html("td", {}, seatName(summary, seat)),
      html("td", { class: "number" }, String(scores[seat] ?? "")),
      html("td", {}, won ? t("web.play.winner") : "")));
  }
  return html("table", { class: "scores" },
    html("caption", {}, t("web.play.final_scores")),
    html("thead", {}, html("tr", {}, html("th", {}, t("web.play.player")),
      html("th", {}, t("web.play.score")), html("th", {}, ""))),
    html("tbody", {}, rows));
}

// Draw a view with the game's module (or as text without one); never throws.
export function drawView(module, view, ctx) {
  if (module) {
    try {
      return module.draw(view, ctx);
    } catch (error) {
      console.error("draw() failed", error);
    }
  }
  return html("pre", { class: "view-text" }, JSON.stringify(view, null, 1));
}

export async function showGame(root, gameId) {
  let summary;
  try {
    summary = await api(`/api/games/${gameId}`);
  } catch (error) {
    root.append(html("p", { class: "error" }, error.message),
      html("p", {}, html("a", { href: "#/" }, t("web.back_to_lobby"))));
    return () => {};
  }
  const module = await boardModule(summary.game);
  const page = new GamePage(root, summary, module, tokenFor(gameId));
  return () => page.leave();
}

// A time left as people read it: h:mm:ss or m:ss (never below zero).
function duration(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

class GamePage {
  constructor(root, summary, module, token) {
    this.root = root;
    this.summary = summary;
    this.module = module;
    this.seat = null;
    this.message = null;
    this.builder = null;
    this.sent = false;
    this.layout();
    this.socket = new GameSocket(summary.id, {
      token, lang: language(),
      onMessage: (message) => this.received(message),
      onLink: (up) => this.root.classList.toggle("offline", !up),
    });
  }

  layout() {
    const part = (tag, id, cls) => html(tag, { id, class: cls });
    this.title = html("h1", {}, gameTitle(this.summary.game));
    this.status = part("p", "status", "status");
    this.clocks = part("p", "clocks", "clocks");
    this.error = part("p", "error", "error");
    this.board = part("div", "board", "board");
    this.steps = part("div", "steps", "steps");
    this.info = part("div", "info", "info");
    this.decisions = part("div", "decisions", "decisions");
    this.log = part("ol", "log", "log");
    this.score = part("div", "score", "score");
    this.root.append(html("section", { class: "game" },
      html("div", { class: "table" }, this.title, this.status, this.clocks, this.error, this.board,
        this.steps, this.info),
      html("aside", { class: "side" }, this.score,
        html("h2", {}, t("web.play.decisions")), this.decisions,
        html("h2", {}, t("web.play.log")), this.log)));
    this.board.addEventListener("click", (event) => this.clicked(event));
    this.board.addEventListener("mouseover", (event) => this.hovered(event));
    this.board.addEventListener("mouseout", () => clearTimeout(this.hoverTimer));
  }

  received(message) {
    if (message.type === "welcome") {
      this.seat = message.seat;
    } else if (message.type === "state") {
      if (this.message && message.state < this.message.state) return;
      this.message = message;
      this.sent = false;
      this.error.textContent = "";
      this.render();
    } else if (message.type === "error") {
      this.sent = false;
      this.error.textContent = t("web.play.refused", { message: message.message });
      if (message.code === "bad_token") this.root.dataset.refused = "bad_token";
    }
  }

  ctx(view) {
    return {
      seat: this.seat, lang: language(), t, svg, players: this.summary.players,
      recent: this.recentActions(),
    };
  }

  // The public decisions since this seat's last one (a spectator: the last round's).
  recentActions() {
    const log = this.message ? this.message.log || [] : [];
    let start = Math.max(0, log.length - this.summary.players);
    if (this.seat !== null) {
      const mine = log.map((entry) => entry.seat).lastIndexOf(this.seat);
      if (mine >= 0) start = mine + 1;
    }
    return log.slice(start).slice(-RECENT_MAX).map((entry) => entry.action);
  }

  render() {
    const message = this.message;
    const view = message.view;
    const ctx = this.ctx(view);
    this.board.replaceChildren(drawView(this.module, view, ctx));
    this.builder = message.legal.length && this.module
      ? new ClickBuilder(message.legal, this.module.paths, view) : null;
    this.recent = this.module ? recentKeys(this.module.paths, ctx.recent, view) : new Set();
    this.renderStatus();
    this.renderClocks();
    this.renderDecisions();
    this.renderSteps();
    this.renderLog();
    this.renderScore();
    this.root.dataset.state = String(message.state);
    this.root.dataset.over = String(message.over);
  }

  renderStatus() {
    const { decision, over, status } = this.message;
    let text;
    if (over) text = t("web.play.over");
    else if (status === "open") text = t("web.play.waiting_players");
    else if (decision && decision.seat === this.seat) {
      text = t("web.play.your_turn", { prompt: decision.prompt || decision.kind });
    } else if (decision) {
      text = t("web.play.waiting_for", { seat: seatName(this.summary, decision.seat) });
    } else text = t("web.play.waiting");
    const you = this.seat === null ? t("web.play.watching")
      : t("web.play.you_are", { seat: seatName(this.summary, this.seat) });
    this.status.textContent = `${text} — ${you}`;
    this.status.classList.toggle("yours", Boolean(decision && decision.seat === this.seat));
  }

  // Each timed seat's time left, the running clock counted down from the message's arrival.
  renderClocks() {
    clearInterval(this.ticking);
    const clock = this.message.clock;
    if (!clock) {
      this.clocks.replaceChildren();
      return;
    }
    const arrived = performance.now();
    const show = () => {
      const spent = performance.now() - arrived;
      this.clocks.replaceChildren(...clock.seats.filter((seat) => seat.remaining_ms !== null)
        .map((seat) => html("span", { class: seat.running ? "clock running" : "clock",
          "data-seat": seat.seat },
        `${seatName(this.summary, seat.seat)} ${duration(seat.running && !this.message.over
          ? seat.remaining_ms - spent : seat.remaining_ms)}`)));
    };
    show();
    if (clock.seats.some((seat) => seat.running)) this.ticking = setInterval(show, 1000);
  }

  renderDecisions() {
    const buttons = this.message.legal.map((item) => html("button", {
      type: "button", "data-action": item.action, title: item.action,
      onclick: () => this.send(item.action),
    }, item.label));
    this.decisions.replaceChildren(...(buttons.length ? buttons
      : [html("p", { class: "quiet" }, t("web.play.no_decision"))]));
  }

  renderSteps() {
    const builder = this.builder;
    if (this.board.firstChild) highlight(this.board, builder, this.recent);
    this.root.dataset.chosen = String(builder ? builder.chosen.length : 0);
    if (!builder || builder.chosen.length === 0) {
      this.steps.replaceChildren();
      this.steps.hidden = true;
      return;
    }
    this.steps.hidden = false;
    const items = builder.pendingChoice || [];
    this.steps.replaceChildren(
      html("span", {}, t("web.play.chosen", { steps: builder.chosen.length })),
      ...items.map((item) => html("button", {
        type: "button", class: "choice", "data-action": item.action,
        onclick: () => this.send(item.action),
      }, item.label)),
      html("button", { type: "button", id: "cancel", onclick: () => this.cancel() },
        t("web.play.cancel")));
  }

  renderLog() {
    const entries = (this.message.log || []).map((entry) => html("li", { value: entry.state },
      html("span", { class: "who" }, seatName(this.summary, entry.seat)), " ", entry.label));
    this.log.replaceChildren(...entries.reverse());
  }

  renderScore() {
    const { over, result } = this.message;
    if (!over || !result) {
      this.score.replaceChildren();
      return;
    }
    this.score.replaceChildren(
      scoreSheet(this.summary, this.summary.players, result.scores, result.winners),
      html("p", {}, html("a", { href: `#/replay/${this.summary.id}` }, t("web.play.replay"))));
  }

  clicked(event) {
    const target = event.target.closest("[data-target]");
    const builder = this.builder;
    if (target && builder && !this.sent && builder.nextKeys().has(target.dataset.target)) {
      const outcome = builder.click(target.dataset.target);
      builder.pendingChoice = outcome && outcome.choose ? outcome.choose : null;
      if (outcome && outcome.more && !this.onBoard(builder.nextKeys())) {
        builder.pendingChoice = builder.candidates();  // the rest is not on the board
      }
      if (outcome && outcome.send) {
        this.send(outcome.send.action);
        return;
      }
      this.renderSteps();
      return;
    }
    const named = event.target.closest("[data-info]");
    if (named) this.showInfo(named.dataset.info);
  }

  onBoard(keys) {
    return [...this.board.querySelectorAll("[data-target]")]
      .some((element) => keys.has(element.dataset.target));
  }

  hovered(event) {
    const named = event.target.closest("[data-info]");
    clearTimeout(this.hoverTimer);
    if (named) this.hoverTimer = setTimeout(() => this.showInfo(named.dataset.info), HOVER_MS);
  }

  async showInfo(name) {
    const text = await this.socket.info(name);
    this.info.textContent = text || t("web.play.no_info", { name });
    this.info.dataset.name = name;
  }

  cancel() {
    if (this.builder) {
      this.builder.cancel();
      this.builder.pendingChoice = null;
    }
    this.renderSteps();
  }

  send(action) {
    if (this.sent || !this.message) return;
    this.sent = true;
    this.socket.decide(this.message.state, action);
  }

  leave() {
    clearInterval(this.ticking);
    this.socket.close();
  }
}
