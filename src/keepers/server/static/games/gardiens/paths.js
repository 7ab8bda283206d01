// The click path of each gardiens decision: the board elements a player clicks, in
// order, to make it. Keys name what is clicked:
//   hex:<label>            a hex of the map (T15, C, S-E, H2)
//   n:<k>                  a number of guardians (moves, attacks, conquests, teleports)
//   card:<id>              a card of the player's hand
//   river:<id>, deck       a river card, the top of the Action deck
//   building:<type>        a building of the supply
//   supply:<resource>      the supply's cubes of one resource
//   cube:<colour>:<res>    a player's cubes of one resource
//   seat:<colour>          a player's panel
//   ally:<colour>          the alliance badge of a player's panel
//   recruit                the player's reserve of guardians
//   trade:<mode>           a trade mode token (market, partner)
//   swap                   the partner swap being built (propose it)
//   fight                  the combat panel's token that closes a combat choice
//   peek:<i>               the i-th Event card seen with an Oracle (1 = the top)
//   shadow:<id>            a Shadow (co-op)
//   pass, skip, accept, refuse, done, stop, end, allow
//                          the tokens of a decision without a piece, space or card
//                          (PASS, no alliance step, answers, the end of exchanges)
// Every path of one decision's legal list is distinct and none is the start of another,
// so the last click of a path always names one decision. Only the choice of the cubes a
// cost is cut by (discount) has nothing on the board: it returns [] and stays in the list.

const hex = (label) => `hex:${label}`;
const TOKENS = new Set(["pass", "skip", "accept", "refuse", "done", "stop", "end", "allow"]);

function allyOf(view) {
  const me = (view.seats || []).find((seat) => seat.colour === view.you_colour);
  return me ? me.ally : null;
}

function defendPath(words, me) {
  // defend none | magic | <card> | magic <card>: the magic cube, then the card, then fight
  const path = [];
  for (const word of words) {
    if (word === "magic") path.push(`cube:${me}:magic`);
    else if (word !== "none") path.push(`card:${word}`);
  }
  path.push("fight");
  return path;
}

function takePath(words) {
  if (words.length === 2) return [`cube:${words[0]}:${words[1]}`]; // co-op: another's cube
  return words[0] === "deck" ? ["deck"] : [`river:${words[0]}`];
}

function givePath(words, me) {
  if (words.length === 2) return [`cube:${me}:${words[1]}`, `seat:${words[0]}`];
  return [`cube:${me}:${words[0]}`]; // a cube offered in the partner swap
}

const BY_VERB = {
  move: (w) => [hex(w[0]), hex(w[1]), `n:${w[2]}`],
  attack: (w) => [hex(w[0]), hex(w[1]), `n:${w[2]}`],
  teleport: (w) => [hex(w[0]), hex(w[1])],
  build: (w) => [hex(w[1]), `building:${w[0]}`],
  forward: (w) => [hex(w[0])],
  place: (w) => [hex(w[0])],
  produce: (w) => [hex(w[0])],
  protect: (w) => [hex(w[0])],
  target: (w) => [hex(w[0])],
  count: (w) => [`n:${w[0]}`],
  conquer: (w) => [`n:${w[0]}`],
  recruit: () => ["recruit"],
  play: (w) => [`card:${w[0]}`],
  card: (w) => [`card:${w[0]}`],
  discard: (w) => [`card:${w[0]}`],
  prevent: (w) => [`card:${w[0]}`],
  nocard: () => ["fight"],
  defend: (w, view) => defendPath(w, view.you_colour),
  take: (w) => takePath(w),
  give: (w, view) => givePath(w, view.you_colour),
  get: (w, view) => [`cube:${allyOf(view)}:${w[0]}`],
  steal: (w) => [`cube:${w[0]}:${w[1]}`],
  spy: (w) => [`seat:${w[0]}`],
  propose: (w) => (w.length ? [`seat:${w[0]}`] : ["swap"]),
  break: (w, view) => [`ally:${view.you_colour}`],
  source: (w) => [`supply:${w[0]}`],
  gain: (w) => [`supply:${w[0]}`],
  exchange: (w, view) => [`cube:${view.you_colour}:${w[0]}`, `supply:${w[1]}`],
  trade: (w) => [`trade:${w[0]}`],
  order: (w) => w[0].split(",").map((i) => `peek:${i}`),
  delay: (w) => [`shadow:${w[0]}`],
};

/** The keys a player clicks to make `action` from `view`; [] when it is made from the list. */
export function paths(action, view) {
  const [verb, ...words] = action.trim().split(/\s+/);
  if (TOKENS.has(verb) && !words.length) return [verb];
  const rule = Object.hasOwn(BY_VERB, verb) ? BY_VERB[verb] : null;
  return rule ? rule(words, view || {}) : [];
}
