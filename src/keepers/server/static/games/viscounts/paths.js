// The click path of each Viscounts decision: the board elements a player clicks, in order,
// to make it. Keys name what is clicked (see the data-target attributes drawn by the board):
//   hand:<card>  draw:top  space:<1-3>  res:<ink|gold|stone>  flip:<debt|deed>  slot:<WS1>
//   msb:<column>  node:<printed number>  spot:<3a>  tf:<ring position>  ms:<manuscript>
//   section:<A-E>  castle:<A-E><tier>:<seat>  act:<action>  trade:<n>  workers:<n>
//   setup:<player card>  hero:<hero>  chest:<tile>  out:<outsider>  public:<PB-type>
// Decisions with nothing to point at (pick an effect, done, none, turn begin/end, pay)
// have the empty path and are made from the decision list.

/** Where the viewer's Viscount stands (its ring position), or null. */
function ringPosition(view) {
  const me = view.players[view.viewer];
  const node = me && me.node;
  return node ? Number(node.split(".")[0]) : null;
}

/** The ring position whose townsfolk pile shows `card` on top, the adjacent one first. */
function pileOf(card, view) {
  const here = ringPosition(view);
  if (here !== null && view.ring[here].townsfolk_top === card) return here;
  const found = view.ring.find((entry) => entry.townsfolk_top === card);
  return found ? found.position : null;
}

/** The card spaces (1-3) to click, in the new order, to lay out `order`. */
function rearrangePath(order, view) {
  if (!view.players[view.viewer]) return [];
  const spaces = view.players[view.viewer].spaces.map((card) => card || "-");
  const used = new Set();
  const path = [];
  for (const card of order.split(",")) {
    const index = spaces.findIndex((held, i) => held === card && !used.has(i));
    if (index < 0) return [];
    used.add(index);
    path.push(`space:${index + 1}`);
  }
  return path;
}

const FROM_HAND = new Set(["play", "discard", "destroy", "set_aside"]);
const ABSTRACT = new Set(["done", "none", "pass", "keep"]);

/** Decisions that say "no more" or move the turn on: a button of the decision bar. */
export function isBarDecision(action) {
  const [verb, first] = action.split(" ");
  if (verb === "turn") return true;
  return ABSTRACT.has(first) && !["action", "rearrange"].includes(verb);
}

/** An effect chosen by a pick, clicked where it acts on the board. */
const PICKED = {
  gain_chest: () => "row:chests",
  gain_hero: () => "row:heroes",
  gain_virtue: () => "track",
  rearrange: () => "space:1",
  gain: () => "res:silver",
  destroy: () => "draw:top",
  discard: () => "discard:pile",
  hire_free: (view) => `tf:${ringPosition(view)}`,
  trade: () => "act:trade",
  transcribe: () => "act:transcribe",
};

/** The click path of `action` (a legal decision's machine text) in `view`; [] if none
 * (also for a text that is no decision of this view, such as a spectator's recent one). */
export function paths(action, view) {
  if (typeof action !== "string") return [];
  let path;
  try {
    path = pathOf(action, view);
  } catch (error) {
    return [];      // a spectator has no hand or card spaces to point at
  }
  const options = (view.decision && view.decision.options) || [];
  if (!options.includes(action)) {
    // someone else's (recent) decision: the viewer's own board and bar are not where it
    // happened, the shared board is
    return path.filter((key) => SHARED.has(key.split(":")[0]));
  }
  return path;
}

/** The keys of the shared board (not of the viewer's own board, hand or decision bar). */
const SHARED = new Set(["node", "spot", "tf", "ms", "section", "castle", "hero", "chest", "out",
  "public"]);

function pathOf(action, view) {
  if (isBarDecision(action)) return [`done:${action.replace(" ", "-")}`];
  const words = action.split(" ");
  const [verb, first, second] = words;
  if (FROM_HAND.has(verb)) {
    if (first === "top") return ["draw:top"];
    return first === "done" ? [] : [`hand:${first}`];
  }
  switch (verb) {
    case "move":
    case "go":
      return [`node:${first}`];
    case "action":
      return [`act:${first}`];
    case "trade":
      return [`trade:${first}`];
    case "workers":
      return [`workers:${first}`];
    case "build":
      return [`slot:${first}`, `spot:${second}`];
    case "public":
      return [`public:${first}`, `spot:${second}`];
    case "cover":
      return [`slot:${first}`];
    case "dismiss":
    case "recruit":
    case "hire": {
      if (first === "KO") return ["msb:1"];
      if (ABSTRACT.has(first)) return [];
      const pile = pileOf(first, view);
      return pile === null ? [] : [`tf:${pile}`];
    }
    case "take":
    case "spend":
      return [`res:${first}`];
    case "flip":
      return [`flip:${first}`];
    case "board":
      if (first === "silver") return ["msb:2", `res:${second}`];
      return [first === "draw" ? "msb:3" : "msb:4"];
    case "pick": {
      // The setup pick names a player card and hero together; other picks are effects.
      if (/^\d/.test(first)) return [`setup:${first}`];
      const effect = PICKED[first.split("(")[0]];
      return effect ? pickPath(first, effect, view) : [];
    }
    case "hero":
      return [`hero:${first}`];
    case "chest":
      return first === "none" ? [] : [`chest:${first}`, `space:${second}`];
    case "welcome":
    case "refuse":
      return [`out:${first}`];
    case "transcribe":
    case "take_ms":
      return [`ms:${first}`];
    case "section":
    case "cascade":
      return [`section:${first}`];
    case "shift":
      return first === "done" ? [] : [`section:${first}`, `section:${second}`];
    case "bump":
      return [`castle:${second}:${first}`];
    case "rearrange":
      return rearrangePath(first === "keep" ? currentOrder(view) : first, view);
    default:
      return [];
  }
}

/** The path of a picked effect (`gain(...)` only when it gives silver alone). */
function pickPath(term, effect, view) {
  if (term.startsWith("gain(") && !/^gain\(silver=\d+\)$/.test(term)) return [];
  return [effect(view)];
}

/** The viewer's card spaces as a rearrange text (keeping them is clicking them in order). */
function currentOrder(view) {
  return view.players[view.viewer].spaces.map((card) => card || "-").join(",");
}
