/** The keys of the product's game art (its drawings: drawings.tsx; its files: public/art). */
export const GAME_ART_KEYS = [
  'crash',
  'dice',
  'coinflip',
  'hilo',
  'keno',
  'roulette',
  'miner',
  'cases',
  'room-red',
  'room-yellow',
  'room-purple',
  'slots',
  'liveCasino',
  'betting',
  'tournaments',
  'vipClub',
  'top',
] as const;

export type GameArtKey = (typeof GAME_ART_KEYS)[number];

export const hasGameArt = (key: string): key is GameArtKey =>
  (GAME_ART_KEYS as readonly string[]).includes(key);

/** Where the art of `art` is served (public/art). */
export const gameArtSrc = (art: GameArtKey) => `/art/${art}.svg`;

/**
 * The art of `art` as an image: one element on the page, cached by the browser, loaded when near the
 * screen. Decorative: the tile's text names the game.
 */
export function GameArt({ art }: { art: GameArtKey }) {
  return (
    // A static SVG of our own: next/image would add a client component and gain nothing for a vector.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={gameArtSrc(art)}
      alt=""
      width={160}
      height={120}
      loading="lazy"
      decoding="async"
      className="game-art"
    />
  );
}
