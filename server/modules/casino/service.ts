/**
 * The casino lobbies (issue 17; the contract in lib/contracts/casino.ts): the catalogue of the aggregator's
 * games and the rules of showing, sorting and launching them.
 *
 * - The catalogue is synchronised from the aggregator's game list (`syncCatalogue`): its fields are
 *   overwritten, the operator's (disabled, position, tags) kept; a game the list no longer names is
 *   hidden (`listed = false`), never deleted.
 * - A game is shown when the aggregator enables it, it is listed, the operator has not disabled it and it
 *   is not blocked in the caller's country.
 * - Sorts: `popular` = tagged popular first, then the players who launched it in the last 7 days, then the
 *   operator's position; `new` = tagged new first, then the newest release; `name` = A–Z in the caller's
 *   language (Intl.Collator). The catalogue is filtered in SQL and sorted in memory: an aggregator's list
 *   is a few thousand games at most.
 * - A launch makes a wallet session (aggregator `createGameSession`: a token per player, game and
 *   currency) for real money, records the game as recently played, and asks the aggregator for the URL.
 */
import type {
  CasinoFilters,
  CasinoGame,
  CasinoGameDetail,
  CasinoGamesQuery,
  CasinoGamesReply,
  CasinoLaunchBody,
  CasinoLobby,
  CasinoTag,
} from '@/lib/contracts/casino';
import { CASINO_RECENT_LIMIT } from '@/lib/contracts/casino';
import { aggregatorUserId } from '@/lib/contracts/aggregator';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { HttpError, ValidationError } from '../../lib/errors';
import { createGameSession } from '../aggregator/service';
import { freeSpinsLeftIn } from '../bonuses/service';
import { AggregatorError, type AggregatorClient, type AggregatorGame } from './aggregator-client';
import * as repository from './repository';
import type { CatalogueEntry } from './repository';

export type { CatalogueEntry };

const WEEK_MS = 7 * 86_400_000;

export const GAME_NOT_FOUND = 'Game not found.';
export const AGGREGATOR_DOWN = 'The game provider is not available right now. Please try again in a minute.';

// --- views ---

const VOLATILITIES = new Set(['low', 'medium', 'high']);

function tagsOf(entry: CatalogueEntry): CasinoTag[] {
  return [
    ...(entry.game.tagNew ? ['new' as const] : []),
    ...(entry.game.tagPopular ? ['popular' as const] : []),
  ];
}

export function toGame(entry: CatalogueEntry, favourite: boolean): CasinoGame {
  const { game, provider } = entry;
  return {
    code: game.code,
    name: game.name,
    provider: provider.code,
    provider_name: provider.name,
    category: game.category,
    lobby: game.live ? 'live' : 'slots',
    thumbnail: game.thumbnailUrl,
    background: game.backgroundUrl,
    rtp: game.rtp,
    volatility:
      game.volatility && VOLATILITIES.has(game.volatility)
        ? (game.volatility as CasinoGame['volatility'])
        : null,
    demo: game.demo,
    tags: tagsOf(entry),
    favourite,
  };
}

// --- sync ---

/** A product name as a provider code: `Aurum Studio` → `aurum-studio`. */
export function providerCode(product: string): string {
  const slug = product
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'provider';
}

const PLATFORMS: Record<string, 'desktop' | 'mobile'> = { GPL_DESKTOP: 'desktop', GPL_MOBILE: 'mobile' };
const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const GAME_CODE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;
const COUNTRY = /^[A-Z]{2}$/;

export interface SyncSummary {
  listed: number;
  added: string[];
  updated: number;
  gone: string[];
  skipped: string[];
  providers: number;
}

/**
 * Writes the aggregator's game list into the catalogue (one transaction): providers and games upserted,
 * the operator's fields kept, games missing from the list hidden. Entries with an unusable code are skipped.
 */
export async function syncCatalogue(tx: Executor, list: AggregatorGame[], now: Date): Promise<SyncSummary> {
  const summary: SyncSummary = { listed: 0, added: [], updated: 0, gone: [], skipped: [], providers: 0 };
  const providers = new Map<string, number>();
  const seen: string[] = [];
  for (const entry of list) {
    if (!GAME_CODE.test(entry.game_code) || seen.includes(entry.game_code)) {
      summary.skipped.push(entry.game_code);
      continue;
    }
    const code = providerCode(entry.product);
    let providerId = providers.get(code);
    if (providerId === undefined) {
      providerId = (await repository.upsertProvider(tx, { code, name: entry.product }, now)).id;
      providers.set(code, providerId);
    }
    const rtp = typeof entry.rtp === 'number' && entry.rtp > 0 && entry.rtp <= 200 ? entry.rtp : null;
    const { inserted } = await repository.upsertSyncedGame(
      tx,
      {
        code: entry.game_code,
        name: entry.name,
        providerId,
        category: entry.category,
        live: entry.live,
        thumbnailUrl: entry.url_thumb ?? null,
        backgroundUrl: entry.url_background ?? null,
        rtp,
        volatility: entry.volatility && VOLATILITIES.has(entry.volatility) ? entry.volatility : null,
        demo: entry.demo_game_support,
        freebet: entry.freebet_support,
        platforms: [...new Set(entry.platforms.flatMap((p) => (PLATFORMS[p] ? [PLATFORMS[p]] : [])))],
        blockedCountries: entry.blocked_countries.map((c) => c.toUpperCase()).filter((c) => COUNTRY.test(c)),
        releaseDate: entry.release_date && RELEASE_DATE.test(entry.release_date) ? entry.release_date : null,
        enabled: entry.enabled,
      },
      now,
    );
    seen.push(entry.game_code);
    summary.listed += 1;
    if (inserted) summary.added.push(entry.game_code);
    else summary.updated += 1;
  }
  summary.gone = await repository.unlistMissing(tx, seen, now);
  summary.providers = providers.size;
  return summary;
}

/** Pulls the game list and syncs it, in one transaction (the list is fetched before it opens). */
export async function pullCatalogue(db: Executor, client: AggregatorClient, now: Date): Promise<SyncSummary> {
  const list = await client.gameList();
  return db.transaction((tx) => syncCatalogue(tx, list, now));
}

export const countGames = repository.countGames;

// --- listings ---

/** `GET /casino/games`: the shown games of the filter, sorted and paged. */
export async function listGames(
  db: Executor,
  input: {
    query: CasinoGamesQuery;
    country: string | null;
    userId: number | null;
    locale: string;
    now: Date;
  },
): Promise<CasinoGamesReply> {
  const { query } = input;
  const rows = await repository.shownGames(
    db,
    {
      country: input.country,
      lobby: query.lobby,
      search: query.search || undefined,
      provider: query.provider,
      category: query.category,
    },
    new Date(input.now.getTime() - WEEK_MS),
  );
  const collator = new Intl.Collator(input.locale === 'kz' ? 'kk' : input.locale, { sensitivity: 'base' });
  const byName = (a: CatalogueEntry, b: CatalogueEntry) =>
    collator.compare(a.game.name, b.game.name) || a.game.code.localeCompare(b.game.code);
  const flag = (value: boolean) => (value ? 0 : 1);
  rows.sort((a, b) => {
    if (query.sort === 'popular') {
      return (
        flag(a.game.tagPopular) - flag(b.game.tagPopular) ||
        b.players - a.players ||
        a.game.position - b.game.position ||
        byName(a, b)
      );
    }
    if (query.sort === 'new') {
      return (
        flag(a.game.tagNew) - flag(b.game.tagNew) ||
        (b.game.releaseDate ?? '').localeCompare(a.game.releaseDate ?? '') ||
        a.game.position - b.game.position ||
        byName(a, b)
      );
    }
    return byName(a, b);
  });
  const start = (query.page - 1) * query.per_page;
  const page = rows.slice(start, start + query.per_page);
  const favourites =
    input.userId === null
      ? new Set<number>()
      : await repository.favouriteIds(
          db,
          input.userId,
          page.map((row) => row.game.id),
        );
  return {
    items: page.map((row) => toGame(row, favourites.has(row.game.id))),
    total: rows.length,
    page: query.page,
    per_page: query.per_page,
  };
}

/** A shown game by code, else 404. */
async function shownGameOr404(db: Executor, code: string, country: string | null): Promise<CatalogueEntry> {
  const entry = await repository.shownGame(db, code, country);
  if (!entry) throw new HttpError(404, GAME_NOT_FOUND);
  return entry;
}

/** `GET /casino/games/:code`: one shown game, with the player's free spins in it. */
export async function gameDetail(
  db: Executor,
  input: { code: string; country: string | null; userId: number | null; now: Date },
): Promise<CasinoGameDetail> {
  const entry = await shownGameOr404(db, input.code, input.country);
  let favourite = false;
  let freeSpins = 0;
  if (input.userId !== null) {
    favourite = (await repository.favouriteIds(db, input.userId, [entry.game.id])).has(entry.game.id);
    freeSpins = await freeSpinsLeftIn(db, {
      userId: input.userId,
      gameCode: entry.game.code,
      now: input.now,
    });
  }
  return {
    ...toGame(entry, favourite),
    platforms: entry.game.platforms.filter(
      (p): p is 'desktop' | 'mobile' => p === 'desktop' || p === 'mobile',
    ),
    release_date: entry.game.releaseDate,
    free_spins: freeSpins,
  };
}

/** `GET /casino/filters`: providers and categories of the shown games (in the lobby), with counts. */
export async function filters(
  db: Executor,
  input: { lobby?: CasinoLobby; country: string | null; now: Date },
): Promise<CasinoFilters> {
  const rows = await repository.shownGames(
    db,
    { country: input.country, lobby: input.lobby },
    new Date(input.now.getTime() - WEEK_MS),
  );
  const providers = new Map<string, { code: string; name: string; count: number }>();
  const categories = new Map<string, { code: string; name: string; count: number }>();
  for (const { provider, game } of rows) {
    const p = providers.get(provider.code) ?? { code: provider.code, name: provider.name, count: 0 };
    p.count += 1;
    providers.set(provider.code, p);
    const c = categories.get(game.category) ?? { code: game.category, name: game.category, count: 0 };
    c.count += 1;
    categories.set(game.category, c);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    providers: [...providers.values()].sort(byName),
    categories: [...categories.values()].sort(byName),
  };
}

// --- favourites and recent ---

export async function favourites(
  db: Executor,
  userId: number,
  country: string | null,
): Promise<CasinoGame[]> {
  return (await repository.favouritesOf(db, userId, country)).map((row) => toGame(row, true));
}

/** Adds or removes a shown game from the player's favourites (404 for an unknown or hidden game). */
export async function setFavourite(
  db: Executor,
  input: { userId: number; code: string; favourite: boolean; country: string | null; now: Date },
): Promise<void> {
  if (input.favourite) {
    const entry = await shownGameOr404(db, input.code, input.country);
    await repository.addFavourite(db, input.userId, entry.game.id, input.now);
    return;
  }
  const entry = await repository.gameByCode(db, input.code);
  if (!entry) throw new HttpError(404, GAME_NOT_FOUND);
  await repository.removeFavourite(db, input.userId, entry.game.id);
}

export async function recent(db: Executor, userId: number, country: string | null): Promise<CasinoGame[]> {
  const rows = await repository.recentOf(db, userId, country, CASINO_RECENT_LIMIT);
  const favourite = await repository.favouriteIds(
    db,
    userId,
    rows.map((row) => row.game.id),
  );
  return rows.map((row) => toGame(row, favourite.has(row.game.id)));
}

// --- launch ---

export interface Launcher {
  userId: number;
  currency: Currency;
  /** When the player's log-in session started (their session limit counts from it). */
  sessionStartedAt: Date;
}

/**
 * `POST /casino/launch`: the game's URL from the aggregator. Real money needs `player` (who may play:
 * the route checks it) and makes a wallet session for them; demo needs a game with a demo mode. The
 * launch is recorded as recently played for a signed-in player. 503 when the aggregator does not answer,
 * 502 when it refuses.
 */
export async function launch(
  db: Executor,
  client: AggregatorClient,
  input: {
    body: CasinoLaunchBody;
    player: Launcher | null;
    country: string | null;
    ip: string;
    lang: string;
    now: Date;
  },
): Promise<{ url: string; mode: 'real' | 'demo' }> {
  const { body, player, now } = input;
  const entry = await shownGameOr404(db, body.game_code, input.country);
  if (body.mode === 'demo' && !entry.game.demo) {
    throw ValidationError.field('mode', 'demo_unavailable', 'This game has no demo mode.');
  }
  let session: { user: string; token: string; currency: string } | undefined;
  if (body.mode === 'real') {
    if (!player) throw new HttpError(401, 'Sign in to play for real money.');
    const { token } = await createGameSession(db, {
      userId: player.userId,
      gameCode: entry.game.code,
      currency: player.currency,
      country: input.country,
      sessionStartedAt: player.sessionStartedAt,
      now,
    });
    session = { user: aggregatorUserId(player.userId), token, currency: player.currency };
  }
  let url: string;
  try {
    url = await client.gameUrl({
      gameCode: entry.game.code,
      platform: body.platform,
      lang: input.lang,
      lobbyUrl: body.lobby_url,
      depositUrl: body.deposit_url,
      ip: input.ip,
      country: input.country,
      player: session,
    });
  } catch (error) {
    if (error instanceof AggregatorError) {
      if (error.kind === 'unavailable') throw new HttpError(503, AGGREGATOR_DOWN);
      throw new HttpError(
        502,
        `The game provider refused to start the game${error.code ? ` (${error.code})` : ''}.`,
      );
    }
    throw error;
  }
  if (player) await repository.recordLaunch(db, player.userId, entry.game.id, now);
  return { url, mode: body.mode };
}

// --- the operator's changes ---

export const gameByCode = repository.gameByCode;
export const lockGame = repository.lockGame;
export const updateGame = repository.updateGame;
export const allGames = repository.allGames;
