// The single page: picks the language, takes the seat token of an invitation link, then
// routes the fragment to the lobby, a game (play or watch) or the replay viewer.
import { loadTexts, pickLanguage, setLanguage, language } from "./i18n.js";
import { keepToken } from "./play.js";

const main = () => document.getElementById("main");
let leave = null;

// An invitation link (/play/<id>#seat=…&token=…): keep its token in this browser, then
// show the game at #/game/<id> (the token leaves the address bar).
function takeInvitation() {
  const invited = location.pathname.match(/^\/play\/([0-9a-f]+)$/);
  if (!invited) return;
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("token")) keepToken(invited[1], params.get("token"));
  history.replaceState(null, "", `/#/game/${invited[1]}`);
}

async function route() {
  if (leave) leave();
  leave = null;
  const root = main();
  root.replaceChildren();
  delete root.dataset.state;
  delete root.dataset.over;
  const hash = location.hash || "#/";
  const game = hash.match(/^#\/game\/([0-9a-f]+)/);
  const replay = hash.match(/^#\/replay(?:\/([0-9a-f]+))?/);
  if (game) {
    const { showGame } = await import("./play.js");
    leave = await showGame(root, game[1]);
  } else if (replay) {
    const { showReplay } = await import("./replay.js");
    await showReplay(root, replay[1] || null);
  } else {
    const { showLobby } = await import("./lobby.js");
    await showLobby(root);
  }
  root.dataset.page = game ? "game" : replay ? "replay" : "lobby";
}

async function start() {
  takeInvitation();
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
