/**
 * The games' art, drawn as SVG: a 400×300 thumbnail and a 1280×720 background per game, each in the game's
 * own palette with its symbols and name (catalogue-meta.ts). Served at `/art/<code>/thumb.svg` and
 * `/art/<code>/background.svg`, cacheable for a day and open to any origin (the operator's lobby shows
 * them).
 */
import type { StudioGameInfo } from '../games/game';
import { cardMarkup, symbolMarkup, type Suit } from '../web/symbols';
import { GAME_LOOKS } from './catalogue-meta';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A game's emblem: reels for the slots, a wheel for roulette, cards for baccarat. */
function emblem(game: StudioGameInfo, cx: number, cy: number, size: number): string {
  const look = GAME_LOOKS[game.code];
  const { accent } = look.colors;
  if (game.category === 'live-roulette') {
    const pockets = Array.from({ length: 37 }, (_, i) => {
      const a0 = (i / 37) * 2 * Math.PI;
      const a1 = ((i + 1) / 37) * 2 * Math.PI;
      const r = size / 2;
      const p = (a: number, rr: number) =>
        `${(cx + rr * Math.sin(a)).toFixed(1)},${(cy - rr * Math.cos(a)).toFixed(1)}`;
      const fill = i === 0 ? '#1f9d4c' : i % 2 ? '#c8242f' : '#151515';
      return `<path d="M${p(a0, r)} A${r},${r} 0 0 1 ${p(a1, r)} L${p(a1, r * 0.62)} A${r * 0.62},${r * 0.62} 0 0 0 ${p(a0, r * 0.62)}Z" fill="${fill}"/>`;
    }).join('');
    return `<g>${pockets}<circle cx="${cx}" cy="${cy}" r="${size * 0.31}" fill="url(#hub)" stroke="${accent}" stroke-width="3"/><circle cx="${cx + size * 0.4}" cy="${cy - size * 0.12}" r="${size * 0.035}" fill="#fff"/><circle cx="${cx}" cy="${cy}" r="${size / 2}" fill="none" stroke="${accent}" stroke-width="4"/></g>`;
  }
  if (game.category === 'live-baccarat') {
    const width = size * 0.36;
    return look.symbols
      .map((card, i) => {
        const [rank, suit] = card.split(':') as [string, Suit];
        const x = cx - size * 0.45 + i * size * 0.3;
        const y = cy - size * 0.32 + (i === 1 ? -size * 0.06 : 0);
        return `<g transform="rotate(${(i - 1) * 10} ${x + width / 2} ${y + size * 0.26})"><svg x="${x}" y="${y}" width="${width}" height="${width * 1.4}" viewBox="0 0 60 84">${cardMarkup(rank, suit)}</svg><rect x="${x}" y="${y}" width="${width}" height="${width * 1.4}" rx="${width / 10}" fill="none" stroke="${accent}" stroke-width="2"/></g>`;
      })
      .join('');
  }
  const reels = game.category === 'classic-slots' ? 3 : 5;
  const width = reels === 5 ? size * 1.6 : size;
  const cell = width / reels;
  return Array.from({ length: reels }, (_, reel) => {
    const symbol = look.symbols[reel % look.symbols.length];
    const x = cx - width / 2 + reel * cell;
    const box = cell - 10;
    return `<rect x="${x + 3}" y="${cy - cell * 0.7}" width="${cell - 6}" height="${cell * 1.4}" rx="10" fill="#00000066" stroke="${accent}" stroke-width="2"/><svg x="${x + 5}" y="${cy - box / 2}" width="${box}" height="${box}" viewBox="0 0 100 100" overflow="visible">${symbolMarkup(game.code, symbol)}</svg>`;
  }).join('');
}

function frame(
  game: StudioGameInfo,
  width: number,
  height: number,
  emblemSize: number,
  titled = true,
): string {
  const look = GAME_LOOKS[game.code];
  const { from, to, accent, text } = look.colors;
  const titleSize = Math.round(height * 0.1);
  const title = `<text x="${width / 2}" y="${height * 0.9}" font-family="Georgia, 'Times New Roman', serif" font-size="${titleSize}" font-weight="700" text-anchor="middle" fill="${text}" stroke="${to}" stroke-width="1">${escape(game.name)}</text>`;
  const border = `<rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="14" fill="none" stroke="${accent}" stroke-opacity=".6" stroke-width="3"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(game.name)}">
<defs>
<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>
<radialGradient id="hub" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${to}"/></radialGradient>
<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity=".18"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${Array.from({ length: 14 }, (_, i) => `<circle cx="${((i * 97) % width).toFixed(0)}" cy="${((i * 53) % (height * 0.6)).toFixed(0)}" r="${1 + (i % 3)}" fill="${accent}" opacity=".35"/>`).join('')}
${emblem(game, width / 2, height * 0.44, emblemSize)}
<rect width="${width}" height="${height * 0.5}" fill="url(#shine)"/>
${titled ? `${title}\n${border}` : ''}
</svg>`;
}

export const thumbSvg = (game: StudioGameInfo) => frame(game, 400, 300, 190);
export const backgroundSvg = (game: StudioGameInfo) => frame(game, 1280, 720, 420);
/** The game page's own backdrop: the background without the name (the page has its heading) nor the border. */
export const backdropSvg = (game: StudioGameInfo) => frame(game, 1280, 720, 420, false);
