import type { GameArtKey } from '@/components/game-art/game-art';
import { ORIGINALS_NAV } from '@/components/layout/nav-items';
import { ROUTES } from '@/lib/routes';

/** An in-house game as the home page lists it: its art, its page and the message that names it. */
export interface InHouseGame {
  /** The activity key (lib/constants/activity.ts), which is also its art's key. */
  key: GameArtKey;
  href: string;
  /** Its name's message: the navigation's, or the page's title for a room. */
  label:
    | `nav.${(typeof ORIGINALS_NAV)[number]['key'] | 'cases'}`
    | 'pages.roomRed.title'
    | 'pages.roomYellow.title'
    | 'pages.roomPurple.title';
}

/** The house's own games (the single games, the cases and the three rooms), in lobby order. */
export const IN_HOUSE_GAMES: readonly InHouseGame[] = [
  ...ORIGINALS_NAV.map((game) => ({ key: game.key, href: game.href, label: `nav.${game.key}` as const })),
  { key: 'cases', href: ROUTES.cases, label: 'nav.cases' },
  { key: 'room-red', href: ROUTES.roomRed, label: 'pages.roomRed.title' },
  { key: 'room-yellow', href: ROUTES.roomYellow, label: 'pages.roomYellow.title' },
  { key: 'room-purple', href: ROUTES.roomPurple, label: 'pages.roomPurple.title' },
];

const BY_KEY = new Map(IN_HOUSE_GAMES.map((game) => [game.key as string, game]));

/** The in-house game of an activity key (`dice`, `room-red`), if it is one. */
export const inHouseGame = (key: string): InHouseGame | undefined => BY_KEY.get(key);
