// The page's texts, from the server's catalogues (the terminal's): /api/texts/<lang>.
const KNOWN = ["en", "fr", "ru"];
let texts = {};
let current = "en";
const listeners = [];

// The language stored by the switch, else the browser's first known language, else English.
export function pickLanguage() {
  const stored = localStorage.getItem("keepers.lang");
  if (KNOWN.includes(stored)) return stored;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = wanted.toLowerCase().split(/[-_]/)[0];
    if (KNOWN.includes(code)) return code;
  }
  return "en";
}

export async function loadTexts(lang) {
  const answer = await fetch(`/api/texts/${lang}`);
  if (!answer.ok) throw new Error(`texts of ${lang}: HTTP ${answer.status}`);
  texts = await answer.json();
  current = lang;
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(element.dataset.text);
  }
}

// Switch the page's language (remembered in this browser); listeners rebuild their texts.
export async function setLanguage(lang) {
  if (!KNOWN.includes(lang)) throw new Error(`unknown language ${lang}`);
  localStorage.setItem("keepers.lang", lang);
  await loadTexts(lang);
  for (const listener of listeners) listener(lang);
}

export function onLanguage(listener) {
  listeners.push(listener);
}

export function language() {
  return current;
}

// The text of `key` with its {placeholders} filled; the key itself if no catalogue has it.
export function t(key, params = {}) {
  const text = texts[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// A text the catalogues may lack: `fallback` when no catalogue has `key`.
export function tOr(key, fallback, params = {}) {
  return key in texts ? t(key, params) : fallback;
}

// A game's name in the page's language (its catalogue's `web.<game>.title`).
export function gameTitle(game) {
  return tOr(`web.${game}.title`, game);
}
