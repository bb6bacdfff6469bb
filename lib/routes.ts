/**
 * The screens of spec section 2: where each lives, how the layout treats it, and the validate rules
 * of routes with parameters. Navigation, page shells and tests read this one table.
 */
export type PageKind = 'default' | 'game' | 'fullWidth';
export type LayoutName = 'default' | 'no-access';

export const ROUTES = {
  home: '/',
  betting: '/betting',
  bonuses: '/bonuses',
  error: '/error',
  faq: '/faq',
  cases: '/games/cases',
  coinflip: '/games/coinflip',
  crash: '/games/crash',
  dice: '/games/dice',
  hilo: '/games/hilo',
  keno: '/games/keno',
  miner: '/games/miner',
  roulette: '/games/roulette',
  rooms: '/games/rooms',
  roomPurple: '/games/rooms/purple',
  roomRed: '/games/rooms/red',
  roomYellow: '/games/rooms/yellow',
  slots: '/games/slots',
  liveCasino: '/games/live-casino',
  noAccess: '/no-access',
  passwordReset: '/password/reset',
  policyKyc: '/policy/en/kyc',
  policyUserAgreementEn: '/policy/en/user-agreement',
  policyConfidential: '/policy/ru/confidential',
  policyUserAgreementRu: '/policy/ru/user-agreement',
  profile: '/profile',
  profileAccess: '/profile/access',
  profileBonuses: '/profile/bonuses',
  profileHistory: '/profile/history',
  profileSetting: '/profile/setting',
  top: '/top',
  tournaments: '/tournaments',
  vipClub: '/vip-club',
  welcomePack: '/welcome-pack',
} as const;

export type RouteName = keyof typeof ROUTES;

export const caseGamePath = (slug: string) => `/games/cases/${slug}`;
export const slotPath = (slots: string, mode: 'play' | 'demo') => `/games/slots/${slots}/${mode}`;
export const liveCasinoPath = (slots: string, mode: 'play' | 'demo') => `/games/live-casino/${slots}/${mode}`;
export const resetPasswordPath = (token: string) => `/reset-password/${token}`;
export const tournamentPath = (id: number | string) => `/tournament/${id}`;
export const tournamentsByStatusPath = (status: TournamentStatus) => `/tournaments/${status}`;

/** The single games of spec section 2, in lobby order. */
export const SINGLE_GAMES = ['crash', 'dice', 'coinflip', 'hilo', 'keno', 'roulette'] as const;
export type SingleGame = (typeof SINGLE_GAMES)[number];

export const ROOMS = ['red', 'yellow', 'purple'] as const;
export type Room = (typeof ROOMS)[number];

export const TOURNAMENT_STATUSES = ['active', 'upcoming', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Validate rules of routes with parameters; a failed rule gives 404 'Page Not Found' (spec section 2). */
export const validate = {
  slug: (value: string) => /^[a-z0-9][a-z0-9-]{0,63}$/.test(value),
  tournamentId: (value: string) => /^[1-9][0-9]{0,9}$/.test(value),
  tournamentStatus: (value: string): value is TournamentStatus =>
    (TOURNAMENT_STATUSES as readonly string[]).includes(value),
  resetToken: (value: string) => /^[A-Za-z0-9._~-]{16,512}$/.test(value),
};

/** Game pages are marked as games; most lobby pages are marked full width (spec section 2). */
export function pageKindOf(path: string): PageKind {
  if (/^\/games\/(coinflip|crash|dice|hilo|keno|miner|roulette)$/.test(path)) return 'game';
  if (/^\/games\/cases\/[^/]+$/.test(path)) return 'game';
  if (/^\/games\/rooms\/(purple|red|yellow)$/.test(path)) return 'game';
  if (/^\/games\/(slots|live-casino)\/[^/]+\/(play|demo)$/.test(path)) return 'game';
  if (/^\/(games\/(cases|rooms|slots|live-casino)|betting|tournaments(\/[^/]+)?|top)$/.test(path))
    return 'fullWidth';
  return 'default';
}

/** A route may name its layout (spec section 2): only /no-access uses its own. */
export function layoutOf(path: string): LayoutName {
  return path === ROUTES.noAccess ? 'no-access' : 'default';
}

/** Navigation to an external URL without an explicit flag is refused (spec section 2). */
export function isExternalUrl(href: string, currentOrigin: string): boolean {
  if (href.startsWith('/') && !href.startsWith('//')) return false;
  try {
    return new URL(href, currentOrigin).origin !== currentOrigin;
  } catch {
    return true;
  }
}
