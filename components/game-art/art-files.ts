import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GAME_ART } from './drawings';
import type { GameArtKey } from './game-art';

/** Where `npm run art` writes the art and Next serves it from (`/art/<key>.svg`). */
export const ART_DIR = path.join(process.cwd(), 'public', 'art');

/** The SVG file of a drawing, as `npm run art` writes it. */
export function artDocument(key: GameArtKey): string {
  return `${renderToStaticMarkup(createElement(GAME_ART[key]))}\n`;
}
