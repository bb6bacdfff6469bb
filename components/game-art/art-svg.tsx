import type { CSSProperties, ReactNode } from 'react';

/** The art's drawing box: 4:3, the shape of every game tile. */
export const ART_VIEWBOX = '0 0 160 120';

export const GOLD = '#f5c542';
export const GOLD_DARK = '#d9a514';
export const INK = '#0f1220';

/**
 * One piece of game art: a small inline SVG on the tile's dark ground, lit from behind in the game's
 * `tint` (the `.game-art` class draws the ground and the glow in CSS, so the SVG needs no gradients and
 * no ids that could clash when the same art is on the page twice). Decorative: the tile's text names it.
 */
export function ArtSvg({
  tint,
  children,
  className = '',
}: {
  tint: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <svg
      viewBox={ART_VIEWBOX}
      className={`game-art ${className}`}
      style={{ '--tint': tint } as CSSProperties}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
