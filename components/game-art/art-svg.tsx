import type { ReactNode } from 'react';

/** The art's drawing box: 4:3, the shape of every game tile. */
export const ART_VIEWBOX = '0 0 160 120';

export const GOLD = '#f5c542';
export const GOLD_DARK = '#d9a514';
export const INK = '#0f1220';

/**
 * One piece of game art as a whole SVG document: the tile's dark ground, lit from behind in the game's
 * `tint`, under the drawing. It is written to `public/art/<key>.svg` by `npm run art` (scripts/game-art.tsx)
 * and shown as an image (game-art.tsx), so a page carries one element per tile, not the drawing's shapes.
 */
export function ArtSvg({ tint, children }: { tint: string; children: ReactNode }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={ART_VIEWBOX} width="160" height="120">
      <defs>
        <linearGradient id="ground" x1="0.33" y1="0" x2="0.67" y2="1">
          <stop offset="0" stopColor="#262c4d" />
          <stop offset="1" stopColor="#10132a" />
        </linearGradient>
        <radialGradient id="glow" cx="0.5" cy="0.45" r="0.6">
          <stop offset="0" stopColor={tint} stopOpacity="0.38" />
          <stop offset="1" stopColor={tint} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="160" height="120" fill="url(#ground)" />
      <rect width="160" height="120" fill="url(#glow)" />
      {children}
    </svg>
  );
}
