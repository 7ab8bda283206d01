// The replay viewer: step forward and back through a finished game (from the game list)
// or an uploaded keepers record file; the server replays the record to the step shown.
import { api, fetchText } from "./net.js";
import { t, language } from "./i18n.js";
import { svg, html, recentKeys, highlight } from "./board.js";
import { boardModule, drawView, scoreSheet } from "./play.js";

export async function showReplay(root, gameId) {
  root.append(html("h1", {}, t("web.replay.title")));
  const error = html("p", { class: "error", id: "replay-error" });
  const stage = html("div", { id: "replay" });
  root.append(error, stage);
  if (gameId) {
    try {
      const record = await fetchText(`/api/games/${gameId}/record`);
      const summary = await api(`/api/games/${gameId}`);
      await new Replay(stage, record, summary).show(0);
    } catch (failure) {
      error.textContent = failure.message;
    }
    return;
  }
  const file = html("input", { type: "file", id: "record-file", accept: ".json,application/json" });
  file.addEventListener("change", async () => {
    error.textContent = "";
    try {
      const record = await file.files[0].text();
      JSON.parse(record);  // a file that is no JSON at all is refused here, in one line
      await new Replay(stage, record, null).show(0);
    } catch (failure) {
      error.textContent = t("web.replay.bad_file", { message: failure.message });
    }
  });
  root.insertBefore(html("label", { class: "upload" }, t("web.replay.upload"), file), error);
}

class Replay {
  constructor(root, record, summary) {
    this.root = root;
    this.record = record;  // the record's JSON text
    this.summary = summary;
    this.seat = null;
  }

  // The record is sent as the text it came as (its seed must not pass through a number).
  async fetchStep(upto) {
    const rest = JSON.stringify({ upto, seat: this.seat, lang: language() }).slice(1);
    return api("/api/replay", { method: "POST", raw: `{"record": ${this.record}, ${rest}` });
  }

  async show(upto) {
    const step = await this.fetchStep(upto);
    if (!this.module) this.module = await boardModule(step.game);
    this.step = step;
    this.render();
  }

  names() {
    if (this.summary) return this.summary;
    return { seats: this.step.seats.map((kind) => (kind === "human" ? { name: null }
      : { bot: kind })) };
  }

  render() {
    const step = this.step;
    const last = step.state > 0 ? step.decisions[step.state - 1] : null;
    const recent = last ? [last.action] : [];
    const ctx = { seat: this.seat, lang: language(), t, svg, players: step.players, recent };
    const board = html("div", { id: "board", class: "board" }, drawView(this.module, step.view, ctx));
    if (this.module) highlight(board, null, recentKeys(this.module.paths, recent, step.view));
    const go = (n) => () => this.show(Math.max(0, Math.min(step.total, n)));
    const seatPick = html("select", { id: "replay-seat" },
      html("option", { value: "" }, t("web.replay.public")),
      Array.from({ length: step.players }, (_, s) => html("option", { value: s },
        t("web.seat", { n: s + 1 }))));
    seatPick.value = this.seat === null ? "" : String(this.seat);
    seatPick.addEventListener("change", () => {
      this.seat = seatPick.value === "" ? null : Number(seatPick.value);
      this.show(step.state);
    });
    const controls = html("div", { class: "controls" },
      html("button", { type: "button", id: "replay-start", onclick: go(0) }, "⏮"),
      html("button", { type: "button", id: "replay-back", onclick: go(step.state - 1),
        "aria-label": t("web.replay.back") }, "◀"),
      html("span", { id: "replay-position" }, t("web.replay.position", { n: step.state, total: step.total })),
      html("button", { type: "button", id: "replay-forward", onclick: go(step.state + 1),
        "aria-label": t("web.replay.forward") }, "▶"),
      html("button", { type: "button", id: "replay-end", onclick: go(step.total) }, "⏭"),
      html("label", {}, t("web.replay.seen_by"), seatPick));
    const said = last ? html("p", { id: "replay-last", class: "status" },
      t("web.replay.last", { seat: last.seat + 1, label: last.label })) : html("p", { id: "replay-last" });
    const list = html("ol", { class: "log replay-log" }, step.decisions.map((entry) => html("li", {
      class: entry.state === step.state ? "current" : "", value: entry.state,
    }, html("a", { href: "#", onclick: (event) => { event.preventDefault(); go(entry.state)(); } },
      `${t("web.seat", { n: entry.seat + 1 })}: ${entry.label}`))));
    const sheet = step.scores && step.state === step.total
      ? scoreSheet(this.names(), step.players, step.scores, step.winners) : null;
    this.root.replaceChildren(html("section", { class: "game" },
      html("div", { class: "table" }, controls, said, board, sheet),
      html("aside", { class: "side" }, html("h2", {}, t("web.play.log")), list)));
    this.root.dataset.state = String(step.state);
    const current = list.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }
}
