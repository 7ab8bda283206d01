// The lobby: create a game (players, options, seats, time control), hand out its
// invitation links, join one, and list open, live and finished games (taking a free
// open seat of a waiting game from its list).
import { api } from "./net.js";
import { t, tOr, gameTitle } from "./i18n.js";
import { html } from "./board.js";

const LIST_LIMIT = 30;

export async function showLobby(root) {
  let catalog = [];
  try {
    catalog = await api("/api/catalog");
  } catch (error) {
    root.append(html("p", { class: "error" }, error.message));
    return;
  }
  const invitations = html("div", { id: "invitations", class: "invitations" });
  root.append(
    html("h1", {}, t("web.lobby.title")),
    html("div", { class: "lobby" },
      html("section", { class: "panel" }, html("h2", {}, t("web.lobby.create")),
        createForm(catalog, invitations), invitations),
      html("section", { class: "panel" }, html("h2", {}, t("web.lobby.join")), joinForm(),
        html("p", {}, html("a", { href: "#/replay", id: "replay-file" }, t("web.lobby.replay_file")))),
      html("section", { class: "panel lists" }, await gameLists(catalog))));
}

// -- create ------------------------------------------------------------------------
function createForm(catalog, invitations) {
  const game = html("select", { id: "game", name: "game" },
    catalog.map((kind) => html("option", { value: kind.name }, tOr(`web.${kind.name}.title`, kind.title))));
  const players = html("select", { id: "players", name: "players" });
  const seats = html("div", { id: "seats", class: "seats" });
  const options = html("div", { id: "options", class: "options" });
  const botDelay = html("input", { id: "bot-delay", type: "number", min: "0", max: "10",
    step: "0.1", value: "0.5" });
  const error = html("p", { class: "error", id: "create-error" });
  const clock = clockFields();

  const kind = () => catalog.find((k) => k.name === game.value);
  const fillPlayers = () => {
    const { min_players: low, max_players: high } = kind();
    const keep = Number(players.value) || Math.min(Math.max(2, low), high);
    players.replaceChildren();
    for (let n = low; n <= high; n += 1) players.append(html("option", { value: n }, String(n)));
    players.value = String(Math.min(Math.max(keep, low), high));
  };
  const fillSeats = () => {
    const count = Number(players.value);
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren();
    for (let seat = 0; seat < count; seat += 1) {
      const select = html("select", { "data-seat": seat, "aria-label": t("web.seat", { n: seat + 1 }) },
        html("option", { value: "human" }, t("web.lobby.human")),
        html("option", { value: "open" }, t("web.lobby.open")),
        kind().bots.map((bot) => html("option", { value: bot }, t("web.bot", { bot }))));
      select.value = before[seat] && [...select.options].some((o) => o.value === before[seat])
        ? before[seat] : seat === 0 ? "human" : kind().bots.includes("greedy") ? "greedy" : "human";
      seats.append(html("label", {}, t("web.seat", { n: seat + 1 }), select));
    }
  };
  const fillOptions = () => {
    options.replaceChildren(...kind().options.map((option) => optionField(option, kind().name)));
  };
  game.addEventListener("change", () => { fillPlayers(); fillSeats(); fillOptions(); });
  players.addEventListener("change", fillSeats);
  fillPlayers();
  fillSeats();
  fillOptions();

  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = {
      game: game.value,
      seats: [...seats.querySelectorAll("select")].map((s) => s.value),
      options: optionValues(options, kind()),
      bot_delay: Number(botDelay.value) || 0,
    };
    const control = clock.value();
    if (control) body.time_control = control;
    try {
      showInvitations(invitations, await api("/api/games", { method: "POST", body }));
    } catch (failure) {
      error.textContent = failure.message;
    }
  };
  return html("form", { id: "create", onsubmit: submit },
    html("label", {}, t("web.lobby.game"), game),
    html("label", {}, t("web.lobby.players"), players),
    html("fieldset", {}, html("legend", {}, t("web.lobby.seats")), seats),
    html("fieldset", {}, html("legend", {}, t("web.lobby.options")), options),
    clock.element,
    html("label", {}, t("web.lobby.bot_delay"), botDelay),
    html("button", { type: "submit", id: "create-game" }, t("web.lobby.create_button")),
    error);
}

// A game option's field: a box for yes/no, a list for choices, a number otherwise.
function optionField(option, game) {
  const label = tOr(`web.${game}.option.${option.name}`, option.name);
  let input;
  if (typeof option.default === "boolean") {
    input = html("input", { type: "checkbox", "data-option": option.name, checked: option.default });
  } else if (option.choices.length) {
    input = html("select", { "data-option": option.name },
      option.choices.map((choice) => html("option", { value: choice },
        tOr(`web.${game}.choice.${option.name}.${choice}`, choice))));
    input.value = String(option.default);
  } else if (typeof option.default === "number") {
    input = html("input", { type: "number", "data-option": option.name, value: option.default,
      min: option.minimum ?? null, step: "1" });
  } else {
    input = html("input", { type: "text", "data-option": option.name, value: option.default });
  }
  return html("label", { class: "option" }, label, input);
}

// The options that differ from their defaults, with their JSON types.
function optionValues(container, kind) {
  const values = {};
  for (const option of kind.options) {
    const input = container.querySelector(`[data-option="${option.name}"]`);
    let value;
    if (typeof option.default === "boolean") value = input.checked;
    else if (typeof option.default === "number" && !option.choices.length) value = Number(input.value);
    else value = input.value;
    if (value !== option.default) values[option.name] = value;
  }
  return values;
}

// The time control: none, live (minutes + increment) or correspondence (hours a decision).
function clockFields() {
  const mode = html("select", { id: "clock-mode" },
    ["none", "live", "correspondence"].map((m) => html("option", { value: m }, t(`web.clock.${m}`))));
  const minutes = html("input", { id: "clock-minutes", type: "number", min: "0.5", step: "0.5", value: "10" });
  const increment = html("input", { id: "clock-increment", type: "number", min: "0", step: "1", value: "5" });
  const hours = html("input", { id: "clock-hours", type: "number", min: "1", step: "1", value: "24" });
  const onTimeout = html("select", { id: "clock-timeout" },
    ["end", "bot"].map((m) => html("option", { value: m }, t(`web.clock.on_${m}`))));
  const live = html("span", { class: "clock-live" }, html("label", {}, t("web.clock.minutes"), minutes),
    html("label", {}, t("web.clock.increment"), increment));
  const post = html("span", { class: "clock-post" }, html("label", {}, t("web.clock.hours"), hours));
  const timeout = html("label", {}, t("web.clock.on_timeout"), onTimeout);
  const show = () => {
    live.hidden = mode.value !== "live";
    post.hidden = mode.value !== "correspondence";
    timeout.hidden = mode.value === "none";
  };
  mode.addEventListener("change", show);
  show();
  return {
    element: html("fieldset", {}, html("legend", {}, t("web.clock.title")),
      html("label", {}, t("web.clock.mode"), mode), live, post, timeout),
    value() {
      if (mode.value === "none") return null;
      const control = { mode: mode.value, on_timeout: onTimeout.value };
      if (onTimeout.value === "bot") control.bot = "greedy";
      if (mode.value === "live") {
        control.minutes = Number(minutes.value);
        control.increment = Number(increment.value);
      } else control.hours = Number(hours.value);
      return control;
    },
  };
}

// Take a free open seat and go to its game page, as its invitation link would.
async function sitDown(gameId, seat, error) {
  error.textContent = "";
  try {
    const taken = await api(`/api/games/${gameId}/open-seats`, { method: "POST", body: { seat } });
    const link = new URL(taken.link);
    location.href = link.pathname + link.hash;
  } catch (failure) {
    error.textContent = failure.message;
  }
}

// The invitation links of a new game, each with a copy button and a link to play it here.
function showInvitations(container, created) {
  const game = created.game;
  const rows = created.invitations.map((invitation) => {
    const link = html("input", { type: "text", readonly: true, value: invitation.link,
      "data-seat": invitation.seat, class: "link" });
    const copied = html("span", { class: "copied" });
    const copy = async () => {
      link.select();
      try {
        await navigator.clipboard.writeText(invitation.link);
      } catch {
        document.execCommand("copy");
      }
      copied.textContent = t("web.lobby.copied");
    };
    return html("li", {}, html("span", {}, t("web.seat", { n: invitation.seat + 1 })), link,
      html("button", { type: "button", onclick: copy }, t("web.lobby.copy")),
      html("a", { href: invitation.link, "data-seat": invitation.seat, class: "play-here" },
        t("web.lobby.play_here")), copied);
  });
  container.replaceChildren(
    html("h3", {}, t("web.lobby.invitations")),
    html("p", { class: "quiet" }, t("web.lobby.invitations_once")),
    html("ol", { "data-game": game.id }, rows),
    html("p", {}, html("a", { href: `#/game/${game.id}` }, t("web.lobby.watch"))));
}

// -- join ------------------------------------------------------------------------
function joinForm() {
  const link = html("input", { type: "text", id: "join-link",
    placeholder: "http://…/play/…#seat=…&token=…" });
  const error = html("p", { class: "error" });
  const submit = (event) => {
    event.preventDefault();
    try {
      const url = new URL(link.value.trim(), location.href);
      if (!/^\/play\/[0-9a-f]+$/.test(url.pathname) || !url.hash.includes("token=")) throw new Error();
      location.href = url.pathname + url.hash;
    } catch {
      error.textContent = t("web.lobby.bad_link");
    }
  };
  return html("form", { onsubmit: submit }, html("label", {}, t("web.lobby.paste_link"), link),
    html("button", { type: "submit" }, t("web.lobby.join_button")), error);
}

// -- lists -----------------------------------------------------------------------
async function gameLists() {
  const section = html("div", {});
  const lists = [["open", "web.lobby.open_games", "watch"], ["ongoing", "web.lobby.live_games", "watch"],
    ["finished", "web.lobby.finished_games", "replay"]];
  for (const [status, title, action] of lists) {
    let games = [];
    try {
      games = (await api(`/api/games?status=${status}&limit=${LIST_LIMIT}`)).games;
    } catch (error) {
      section.append(html("p", { class: "error" }, error.message));
      continue;
    }
    const rows = games.map((game) => {
      const href = action === "replay" ? `#/replay/${game.id}` : `#/game/${game.id}`;
      const seats = game.seats.map((seat) => seat.kind === "human"
        ? (seat.name || t(seat.claimed ? "web.lobby.seat_taken" : "web.lobby.seat_free"))
        : t("web.bot", { bot: seat.bot })).join(", ");
      const outcome = game.result ? ` — ${t("web.lobby.scores", { scores: game.result.scores.join(" / ") })}` : "";
      const error = html("span", { class: "error" });
      const sit = game.seats.filter((seat) => seat.open).map((seat) =>
        html("button", { type: "button", class: "sit-down", "data-seat": seat.seat,
          onclick: () => sitDown(game.id, seat.seat, error) }, t("web.lobby.sit_down", { n: seat.seat + 1 })));
      return html("li", { "data-game": game.id },
        html("a", { href }, gameTitle(game.game)), " ",
        html("span", { class: "quiet" }, `${seats} · ${t("web.lobby.decisions", { n: game.state })}${outcome}`),
        ...sit, error);
    });
    section.append(html("h2", {}, t(title)),
      html("ul", { id: `games-${status}`, class: "games" },
        rows.length ? rows : [html("li", { class: "quiet" }, t("web.lobby.none"))]));
  }
  return section;
}
