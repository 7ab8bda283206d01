// The lobby: create a game, copy its invitations, join, watch or replay games.
import { t } from "./i18n.js";

export async function showLobby(root) {
  const title = document.createElement("h1");
  title.textContent = t("web.lobby.title");
  root.append(title);
}
