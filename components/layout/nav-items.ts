import { ROUTES } from '@/lib/routes';

/** The header's navigation: the game lobbies, betting, tournaments, VIP club and bonuses. */
export const MAIN_NAV = [
  { key: 'slots', href: ROUTES.slots },
  { key: 'liveCasino', href: ROUTES.liveCasino },
  { key: 'originals', href: ROUTES.dice, match: '/games/(dice|coinflip|crash|hilo|keno|miner|roulette)' },
  { key: 'cases', href: ROUTES.cases },
  { key: 'rooms', href: ROUTES.rooms },
  { key: 'betting', href: ROUTES.betting },
  { key: 'tournaments', href: ROUTES.tournaments, match: '/tournaments?(/.*)?' },
  { key: 'vipClub', href: ROUTES.vipClub },
  { key: 'bonuses', href: ROUTES.bonuses },
] as const;

/** The single games, listed on the home page and in the games strip of game pages. */
export const ORIGINALS_NAV = [
  { key: 'crash', href: ROUTES.crash },
  { key: 'dice', href: ROUTES.dice },
  { key: 'coinflip', href: ROUTES.coinflip },
  { key: 'hilo', href: ROUTES.hilo },
  { key: 'keno', href: ROUTES.keno },
  { key: 'roulette', href: ROUTES.roulette },
  { key: 'miner', href: ROUTES.miner },
] as const;

export function isActive(pathname: string, item: { href: string; match?: string }): boolean {
  if (item.match) return new RegExp(`^${item.match}$`).test(pathname);
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
