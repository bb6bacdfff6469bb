import { z } from 'zod';
import { CASINO_LOBBIES, CASINO_SORTS, CASINO_TAGS } from '@/lib/constants/casino';

/**
 * The provider lobbies (issue 17): the aggregator's games as the operator's catalogue shows them, the
 * player's favourites and recently played games, the launch of a game (real money or demo) and the live
 * tables' state. Served by the general service base (spec section 7). Errors are the API's usual format:
 * 422 `{ message, errors }` for a bad query or body, `{ message }` otherwise (401 signed-in calls, 404 an
 * unknown or hidden game, 403 a player who may not play, 451 a blocked country, 503 the aggregator down).
 *
 * Calls:
 * - `GET /casino/games?lobby=&search=&provider=&category=&sort=&page=&per_page=` → {@link casinoGamesReply}
 * - `GET /casino/games/:code` → {@link casinoGameDetail}
 * - `GET /casino/filters?lobby=` → {@link casinoFiltersReply}
 * - `GET /casino/favourites`, `GET /casino/recent` (signed in) → {@link casinoGameListReply}
 * - `PUT|DELETE /casino/favourites/:code` (signed in) → {@link casinoFavouriteReply}
 * - `POST /casino/launch` {@link casinoLaunchBody} → {@link casinoLaunchReply}
 * - `GET /casino/tables` → {@link casinoTablesReply}
 */

export { CASINO_LOBBIES, CASINO_SORTS, CASINO_TAGS };
export const casinoLobby = z.enum(CASINO_LOBBIES);
export type CasinoLobby = z.infer<typeof casinoLobby>;

export const casinoSort = z.enum(CASINO_SORTS);

export const casinoTag = z.enum(CASINO_TAGS);
export type CasinoTag = z.infer<typeof casinoTag>;

export const CASINO_PER_PAGE_MAX = 100;
export const CASINO_RECENT_LIMIT = 12;

/** A game code as the aggregator names it (`aurora-wilds`). */
export const casinoGameCode = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/);

export const casinoGame = z.object({
  code: z.string(),
  name: z.string(),
  /** The provider's code (see the filters for its name). */
  provider: z.string(),
  provider_name: z.string(),
  /** The aggregator's category: `video-slots`, `classic-slots`, `ways`, `hold-and-win`, `live-roulette`, … */
  category: z.string(),
  lobby: casinoLobby,
  thumbnail: z.string().nullable(),
  background: z.string().nullable(),
  /** Return to player in percent (96.38), null when the provider declares none. */
  rtp: z.number().nullable(),
  volatility: z.enum(['low', 'medium', 'high']).nullable(),
  /** Whether the game has a demo mode (guests may play it). */
  demo: z.boolean(),
  tags: z.array(casinoTag),
  /** In the signed-in player's favourites; always false for a guest. */
  favourite: z.boolean(),
});
export type CasinoGame = z.infer<typeof casinoGame>;

const page = z.coerce.number().int().min(1).max(10_000);

export const casinoGamesQuery = z.object({
  /** Absent: both lobbies. */
  lobby: casinoLobby.optional(),
  /** Part of the name or the code, any case. */
  search: z.string().trim().max(100).optional(),
  /** A provider's code. */
  provider: z.string().trim().min(1).max(100).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  sort: casinoSort.default('popular'),
  page: page.default(1),
  per_page: z.coerce.number().int().min(1).max(CASINO_PER_PAGE_MAX).default(24),
});
export type CasinoGamesQuery = z.infer<typeof casinoGamesQuery>;

export const casinoGamesReply = z.object({
  items: z.array(casinoGame),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type CasinoGamesReply = z.infer<typeof casinoGamesReply>;

export const casinoGameParams = z.object({ code: casinoGameCode });

/** One game, with the free spins the signed-in player holds in it (0 for a guest). */
export const casinoGameDetail = casinoGame.extend({
  platforms: z.array(z.enum(['desktop', 'mobile'])),
  release_date: z.string().nullable(),
  free_spins: z.number().int(),
});
export type CasinoGameDetail = z.infer<typeof casinoGameDetail>;

export const casinoFiltersQuery = z.object({ lobby: casinoLobby.optional() });
const filterEntry = z.object({ code: z.string(), name: z.string(), count: z.number().int() });
/** The providers and categories of the games the caller can see (in the lobby), with their counts. */
export const casinoFiltersReply = z.object({
  providers: z.array(filterEntry),
  categories: z.array(filterEntry),
});
export type CasinoFilters = z.infer<typeof casinoFiltersReply>;

/** Favourites (newest first) or recently played (last launched first, at most 12). */
export const casinoGameListReply = z.object({ items: z.array(casinoGame) });
export type CasinoGameList = z.infer<typeof casinoGameListReply>;

export const casinoFavouriteReply = z.object({ code: z.string(), favourite: z.boolean() });

/** An absolute http(s) address (the lobby and deposit pages the game's buttons open). */
export const casinoReturnUrl = z
  .string()
  .max(2000)
  .refine((raw) => {
    try {
      return ['http:', 'https:'].includes(new URL(raw).protocol);
    } catch {
      return false;
    }
  }, 'expected an http(s) address');

export const casinoLaunchBody = z.object({
  game_code: casinoGameCode,
  /** `real` needs a signed-in player; `demo` works for guests when the game has a demo. */
  mode: z.enum(['real', 'demo']),
  platform: z.enum(['desktop', 'mobile']),
  lobby_url: casinoReturnUrl,
  deposit_url: casinoReturnUrl,
});
export type CasinoLaunchBody = z.infer<typeof casinoLaunchBody>;

/** The address the play or demo page shows in its iframe. */
export const casinoLaunchReply = z.object({ url: z.string(), mode: z.enum(['real', 'demo']) });
export type CasinoLaunchReply = z.infer<typeof casinoLaunchReply>;

/** A live table's round as the provider reports it (cached about 2 s). */
export const casinoTable = z.object({
  game_code: z.string(),
  round_id: z.string(),
  phase: z.string(),
  ends_at: z.string().nullable(),
  players: z.number().int(),
  last_results: z.array(z.string()),
});
export type CasinoTable = z.infer<typeof casinoTable>;

/** `available: false` (and no items) while the provider does not answer. */
export const casinoTablesReply = z.object({ items: z.array(casinoTable), available: z.boolean() });
export type CasinoTables = z.infer<typeof casinoTablesReply>;
