// Generic board helpers: SVG elements, the click-path decision builder, highlighting.
export const SVG_NS = "http://www.w3.org/2000/svg";

// An SVG element: attributes set as given (null/undefined skipped), children appended
// (strings become text).
export function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
  return element;
}

// An HTML element, the same way.
export function html(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = value;
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
  return element;
}

// A path given by a game module, made safe: a list of keys (strings), [] when none.
function safePath(paths, action, view) {
  if (!paths) return [];
  try {
    const path = paths(action, view);
    return Array.isArray(path) ? path.map(String) : [];
  } catch (error) {
    console.warn("paths() failed for", action, error);
    return [];
  }
}

// Builds a decision from clicks: each legal decision has a path of target keys; the
// clicks so far (`chosen`) narrow the decisions to those whose path starts with them.
export class ClickBuilder {
  constructor(legal, paths, view) {
    this.items = legal.map((item) => ({ ...item, path: safePath(paths, item.action, view) }));
    this.chosen = [];
  }

  // The decisions whose path starts with the keys clicked so far (and is not empty).
  candidates() {
    const depth = this.chosen.length;
    return this.items.filter((item) => item.path.length >= depth && item.path.length > 0
      && this.chosen.every((key, i) => item.path[i] === key));
  }

  // The keys that continue some candidate's path: what to highlight as legal.
  nextKeys() {
    const depth = this.chosen.length;
    return new Set(this.candidates().filter((item) => item.path.length > depth)
      .map((item) => item.path[depth]));
  }

  // The candidates whose whole path is exactly the keys clicked.
  complete() {
    return this.candidates().filter((item) => item.path.length === this.chosen.length);
  }

  // Take a click; the answer says what follows:
  // {send: item} one decision is made; {choose: [items]} several end here (or one ends
  // and others continue): the player picks; {more: true} keep clicking; null not legal.
  click(key) {
    if (!this.nextKeys().has(key)) return null;
    this.chosen.push(key);
    const complete = this.complete();
    const continuing = this.nextKeys().size > 0;
    if (complete.length === 1 && !continuing) return { send: complete[0] };
    if (complete.length > 0) return { choose: this.candidates() };
    return { more: true };
  }

  cancel() {
    this.chosen = [];
  }
}

// Mark the board: `legal` on next-step targets, `chosen` on clicked ones, `recent` on
// the targets of the last decisions.
export function highlight(board, builder, recentKeys) {
  const legal = builder ? builder.nextKeys() : new Set();
  const chosen = new Set(builder ? builder.chosen : []);
  for (const element of board.querySelectorAll("[data-target]")) {
    const key = element.dataset.target;
    element.classList.toggle("legal", legal.has(key));
    element.classList.toggle("chosen", chosen.has(key));
    element.classList.toggle("recent", recentKeys.has(key));
  }
}

// The keys of the recent decisions' paths (drawn as `recent`).
export function recentKeys(paths, actions, view) {
  const keys = new Set();
  for (const action of actions) for (const key of safePath(paths, action, view)) keys.add(key);
  return keys;
}
