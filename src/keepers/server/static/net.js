// The server: HTTP calls, and a game's websocket that reconnects and resumes.

// A JSON call; a refusal throws an Error with the server's one-line message. `raw` is a
// body already in JSON (a record, whose 64-bit seed a JavaScript number would round).
export async function api(path, { method = "GET", body, raw } = {}) {
  const text = raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body);
  const answer = await fetch(path, {
    method,
    headers: text === undefined ? {} : { "Content-Type": "application/json" },
    body: text,
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    const error = new Error(data.message || `HTTP ${answer.status}`);
    error.code = data.code;
    throw error;
  }
  return data;
}

const RETRY_MS = [250, 500, 1000, 2000, 4000];

// One game's websocket: says hello (with the seat token to play), passes every message
// to `onMessage`, and reconnects after a drop (the current state comes first again).
export class GameSocket {
  constructor(gameId, { token = null, lang = "en", onMessage, onLink }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${gameId}/ws`;
    this.token = token;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onLink = onLink || (() => {});
    this.failures = 0;
    this.closed = false;
    this.waiting = new Map();
    this.connect();
  }

  connect() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.failures = 0;
      const hello = { type: "hello", lang: this.lang };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
      this.onLink(true);
    });
    socket.addEventListener("message", (event) => this.received(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.closed || socket !== this.socket) return;
      this.onLink(false);
      if (event.code === 1008) return;  // refused for good (bad token, no such game)
      const delay = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures += 1;
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    });
  }

  received(message) {
    if (message.type === "info" && this.waiting.has(message.name)) {
      for (const resolve of this.waiting.get(message.name)) resolve(message.text);
      this.waiting.delete(message.name);
      return;
    }
    this.onMessage(message);
  }

  send(message) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  decide(state, action) {
    this.send({ type: "decide", state, action });
  }

  // What a card, tile or space does, from this seat's own view (null if unknown).
  info(name) {
    return new Promise((resolve) => {
      if (!this.waiting.has(name)) this.waiting.set(name, []);
      this.waiting.get(name).push(resolve);
      this.send({ type: "info", name });
    });
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}

// A file or an answer's text, as it is (JSON.parse would round a 64-bit seed).
export async function fetchText(path) {
  const answer = await fetch(path);
  const text = await answer.text();
  if (!answer.ok) {
    let message = `HTTP ${answer.status}`;
    try {
      message = JSON.parse(text).message || message;
    } catch { /* not JSON: keep the status */ }
    throw new Error(message);
  }
  return text;
}
