/**
 * The casino calls' replies (lib/contracts/casino.ts), checked without zod: the lobby's list is its first
 * screen (lib/api/check.ts says why). Each check is typed by the contract's type, and replies.test.ts
 * proves each accepts and refuses what the contract's zod schema does.
 */
import { array, boolean, int, nullable, number, object, oneOf, string, type Check } from '@/lib/api/check';
import { CASINO_LOBBIES, CASINO_TAGS } from '@/lib/constants/casino';
import type {
  CasinoFilters,
  CasinoGame,
  CasinoGameDetail,
  CasinoGameList,
  CasinoGamesReply,
  CasinoLaunchReply,
  CasinoTables,
} from '@/lib/contracts/casino';

export type { CasinoGame, CasinoGameDetail, CasinoLobby, CasinoTable } from '@/lib/contracts/casino';

const gameShape = {
  code: string,
  name: string,
  provider: string,
  provider_name: string,
  category: string,
  lobby: oneOf(CASINO_LOBBIES),
  thumbnail: nullable(string),
  background: nullable(string),
  rtp: nullable(number),
  volatility: nullable(oneOf(['low', 'medium', 'high'] as const)),
  demo: boolean,
  tags: array(oneOf(CASINO_TAGS)),
  favourite: boolean,
};

export const casinoGame: Check<CasinoGame> = object(gameShape);

export const casinoGamesReply: Check<CasinoGamesReply> = object({
  items: array(casinoGame),
  total: int,
  page: int,
  per_page: int,
});

export const casinoGameDetail: Check<CasinoGameDetail> = object({
  ...gameShape,
  platforms: array(oneOf(['desktop', 'mobile'] as const)),
  release_date: nullable(string),
  free_spins: int,
});

const filterEntry = object({ code: string, name: string, count: int });
export const casinoFiltersReply: Check<CasinoFilters> = object({
  providers: array(filterEntry),
  categories: array(filterEntry),
});

export const casinoGameListReply: Check<CasinoGameList> = object({ items: array(casinoGame) });

export const casinoLaunchReply: Check<CasinoLaunchReply> = object({
  url: string,
  mode: oneOf(['real', 'demo'] as const),
});

export const casinoTablesReply: Check<CasinoTables> = object({
  items: array(
    object({
      game_code: string,
      round_id: string,
      phase: string,
      ends_at: nullable(string),
      players: int,
      last_results: array(string),
    }),
  ),
  available: boolean,
});
