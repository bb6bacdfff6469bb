import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { PRIZE_DESTINATIONS, TOURNAMENT_KINDS, TOURNAMENT_STATES } from '@/lib/constants/tournaments';
import { TOURNAMENT_STATUSES } from '@/lib/routes';

/**
 * Tournaments (issue 19; constants in lib/constants/tournaments.ts). Served by the general service base.
 * Amounts are major units with two decimals; a wager race's points are an amount in the tournament's
 * currency, a multiplier race's a multiple with two decimals.
 *
 * Calls:
 * - `GET /tournaments?status=active|upcoming|finished` → {@link tournamentsReply}, active and upcoming
 *   soonest first, finished newest first;
 * - `GET /tournaments/:id` (optional sign-in) → {@link tournamentReply}: the tournament, its leaderboard
 *   (top {@link LEADERBOARD_SIZE}) and the signed-in player's own entry; 404 when unknown;
 * - `POST /tournaments/:id/join` (signed in) → {@link joinReply}; 422 on `tournament`: `finished` (over or
 *   cancelled), `currency` (the player's currency is not counted by it). Joining twice is not an error.
 *
 * Realtime: `tournament:<id>` (`/socket?topics=`) gets `{ type: 'snapshot' | 'leaderboard', leaderboard,
 * participants }` first and whenever the leaderboard changes (at most once a second).
 */

export const tournamentKind = z.enum(TOURNAMENT_KINDS);
export const tournamentState = z.enum(TOURNAMENT_STATES);

/** A text in the three languages. */
export const localizedText = z.object({ ru: z.string(), en: z.string(), kz: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;

/** One row of the prize table: places `from`..`to` each get `amount` (fixed, or its share of the pool). */
export const tournamentPrize = z.object({
  from: z.number().int().positive(),
  to: z.number().int().positive(),
  /** What each of these places gets, in the tournament's currency. */
  amount: z.number(),
  /** Set when the prize is a share of the pool: percent of `pool` per place. */
  pool_percent: z.number().nullable(),
  to_balance: z.enum(PRIZE_DESTINATIONS),
  /** For a prize paid to the bonus balance: the wager (× the amount) before it becomes cash. */
  wager: z.number().nullable(),
});
export type TournamentPrize = z.infer<typeof tournamentPrize>;

export const tournamentSummary = z.object({
  id: z.number().int(),
  title: localizedText,
  kind: tournamentKind,
  /** `upcoming`, `active`, `finished` or `cancelled` (listed as finished). */
  state: tournamentState,
  starts_at: z.string(),
  ends_at: z.string(),
  currency: z.enum(CURRENCIES),
  /** The pool that `pool_percent` prizes share (0 without one). */
  pool: z.number(),
  /** Everything the prize table pays. */
  prize_total: z.number(),
  /** Game keys and categories counted (lib/constants/activity.ts). */
  games: z.array(z.string()),
  requires_join: z.boolean(),
  participants: z.number().int(),
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;

export const tournamentsQuery = z.object({ status: z.enum(TOURNAMENT_STATUSES).optional() });
export const tournamentsReply = z.object({ tournaments: z.array(tournamentSummary) });

export const leaderboardEntry = z.object({
  /** Tied players share a place (and split the prizes of the places they cover). */
  place: z.number().int().positive(),
  user_id: z.number().int(),
  /** null for a player who hides their statistics: shown as "Hidden". */
  player: z.string().nullable(),
  avatar: z.string().nullable(),
  points: z.number(),
  /** What this place pays (or paid), ties split; 0 outside the prize places. */
  prize: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const tournamentDetail = tournamentSummary.extend({
  rules: localizedText,
  /** A multiplier race's least stake, in the tournament's currency (null for a wager race). */
  min_stake: z.number().nullable(),
  /** Currencies counted besides the tournament's, with their rate (units of its currency per unit). */
  rates: z.record(z.string(), z.number()),
  prizes: z.array(tournamentPrize),
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;

export const myEntry = z.object({
  joined: z.boolean(),
  /** null until the player has points. */
  place: z.number().int().nullable(),
  points: z.number(),
  prize: z.number(),
  /** Whether the prize was paid (finished tournaments). */
  paid: z.boolean(),
});
export type MyEntry = z.infer<typeof myEntry>;

export const tournamentReply = z.object({
  tournament: tournamentDetail,
  leaderboard: z.array(leaderboardEntry),
  me: myEntry.nullable(),
});
export type TournamentReply = z.infer<typeof tournamentReply>;

export const joinReply = z.object({ joined: z.literal(true) });

export const leaderboardMessage = z.object({
  topic: z.string(),
  type: z.enum(['snapshot', 'leaderboard']),
  leaderboard: z.array(leaderboardEntry),
  participants: z.number().int(),
  state: tournamentState,
});
export type LeaderboardMessage = z.infer<typeof leaderboardMessage>;
