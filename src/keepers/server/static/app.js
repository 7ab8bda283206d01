// The single page: picks the language, then routes the fragment to the lobby,
// a game (play or watch) or the replay viewer.
import { loadTexts, pickLanguage, setLanguage, t, language } from "./i18n.js";

const main = () => document.getElementById("main");

async function route() {
  main().replaceChildren();
  const hash = location.hash || "#/";
  const game = hash.match(/^#\/game\/([0-9a-f]+)/);
  const replay = hash.match(/^#\/replay(?:\/([0-9a-f]+))?/);
  if (game) {
    const { showGame } = await import("./play.js");
    await showGame(main(), game[1]);
  } else if (replay) {
    const { showReplay } = await import("./replay.js");
    await showReplay(main(), replay[1] || null);
  } else {
    const { showLobby } = await import("./lobby.js");
    await showLobby(main());
  }
}

async function start() {
  await loadTexts(pickLanguage());
  const select = document.getElementById("lang");
  select.value = language();
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    await route();
  });
  window.addEventListener("hashchange", route);
  await route();
}

start();
