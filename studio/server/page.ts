/**
 * The game page's HTML: a shell with the launch's settings and the studio's strings in the launch's
 * language (studio/web/i18n/<lang>.json) as inert JSON, the game's palette as CSS variables, its backdrop
 * (art.ts, without the title) as a data URL, and the client script (studio/web/play.ts) that draws the game.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StudioGameInfo } from '../games/game';
import { backdropSvg } from './art';
import { GAME_LOOKS } from './catalogue-meta';
import { LANGUAGES, type Language, type Launch } from './launches';

const I18N = path.join(import.meta.dirname, '..', 'web', 'i18n');
const STRINGS = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(readFileSync(path.join(I18N, `${lang}.json`), 'utf8')) as object,
  ]),
) as Record<Language, object>;

/** JSON safe inside a <script> element. */
const inert = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Each game's backdrop as a data URL (the page loads nothing from elsewhere; the CSP allows data: images). */
const backdrops = new Map<string, string>();
function backdropUrl(game: StudioGameInfo): string {
  let url = backdrops.get(game.code);
  if (!url) {
    url = `data:image/svg+xml;base64,${Buffer.from(backdropSvg(game)).toString('base64')}`;
    backdrops.set(game.code, url);
  }
  return url;
}

export function gamePage(launch: Launch, game: StudioGameInfo): string {
  const { colors } = GAME_LOOKS[game.code];
  const settings = {
    launchId: launch.id,
    game: game.code,
    name: game.name,
    category: game.category,
    lang: launch.lang,
  };
  return `<!doctype html>
<html lang="${launch.lang === 'kz' ? 'kk' : launch.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escape(game.name)}</title>
<link rel="stylesheet" href="/static/play.css">
<style>:root{--from:${colors.from};--to:${colors.to};--accent:${colors.accent};--text:${colors.text}}</style>
</head>
<body class="game-${escape(game.code)}" style="background-image:url('${backdropUrl(game)}')">
<main id="app" aria-live="polite"></main>
<script id="settings" type="application/json">${inert(settings)}</script>
<script id="strings" type="application/json">${inert(STRINGS[launch.lang])}</script>
<script type="module" src="/static/play.js"></script>
</body>
</html>`;
}
