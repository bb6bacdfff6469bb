/**
 * The tournaments' replies and realtime messages (lib/contracts/tournaments.ts), checked without zod: the
 * list and a tournament's page are public first screens (lib/api/check.ts says why). Each check is typed by
 * the contract's type, and replies.test.ts proves each accepts and refuses what the contract's zod schema
 * does.
 */
import {
  array,
  boolean,
  int,
  literal,
  nullable,
  number,
  object,
  oneOf,
  ResponseShapeError,
  string,
  type Check,
} from '@/lib/api/check';
import { CURRENCIES } from '@/lib/constants/currencies';
import { PRIZE_DESTINATIONS, TOURNAMENT_KINDS, TOURNAMENT_STATES } from '@/lib/constants/tournaments';
import type {
  LeaderboardEntry,
  LeaderboardMessage,
  LocalizedText,
  MyEntry,
  TournamentDetail,
  TournamentPrize,
  TournamentReply,
  TournamentSummary,
} from '@/lib/contracts/tournaments';

export type {
  LeaderboardEntry,
  LeaderboardMessage,
  LocalizedText,
  MyEntry,
  TournamentDetail,
  TournamentPrize,
  TournamentReply,
  TournamentSummary,
} from '@/lib/contracts/tournaments';

export interface TournamentsReply {
  tournaments: TournamentSummary[];
}

/** A positive integer (zod's `int().positive()`). */
const place: Check<number> = (value, path = '') => {
  const n = int(value, path);
  if (n <= 0) throw new ResponseShapeError(path, 'a positive integer');
  return n;
};

/** A map of string keys to numbers (zod's `z.record(z.string(), z.number())`). */
const numberRecord: Check<Record<string, number>> = (value, path = '') => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ResponseShapeError(path, 'an object');
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
      key,
      number(entry, `${path}.${key}`),
    ]),
  );
};

export const localizedText: Check<LocalizedText> = object({ ru: string, en: string, kz: string });

export const tournamentPrize: Check<TournamentPrize> = object({
  from: place,
  to: place,
  amount: number,
  pool_percent: nullable(number),
  to_balance: oneOf(PRIZE_DESTINATIONS),
  wager: nullable(number),
});

const summaryShape = {
  id: int,
  title: localizedText,
  kind: oneOf(TOURNAMENT_KINDS),
  state: oneOf(TOURNAMENT_STATES),
  starts_at: string,
  ends_at: string,
  currency: oneOf(CURRENCIES),
  pool: number,
  prize_total: number,
  games: array(string),
  requires_join: boolean,
  participants: int,
};

export const tournamentSummary: Check<TournamentSummary> = object(summaryShape);

export const tournamentsReply: Check<TournamentsReply> = object({ tournaments: array(tournamentSummary) });

export const leaderboardEntry: Check<LeaderboardEntry> = object({
  place,
  user_id: int,
  player: nullable(string),
  avatar: nullable(string),
  points: number,
  prize: number,
});

export const tournamentDetail: Check<TournamentDetail> = object({
  ...summaryShape,
  rules: localizedText,
  min_stake: nullable(number),
  rates: numberRecord,
  prizes: array(tournamentPrize),
});

export const myEntry: Check<MyEntry> = object({
  joined: boolean,
  place: nullable(int),
  points: number,
  prize: number,
  paid: boolean,
});

export const tournamentReply: Check<TournamentReply> = object({
  tournament: tournamentDetail,
  leaderboard: array(leaderboardEntry),
  me: nullable(myEntry),
});

export const joinReply: Check<{ joined: true }> = object({ joined: literal(true) });

export const leaderboardMessage: Check<LeaderboardMessage> = object({
  topic: string,
  type: oneOf(['snapshot', 'leaderboard'] as const),
  leaderboard: array(leaderboardEntry),
  participants: int,
  state: oneOf(TOURNAMENT_STATES),
});

/** A message of a `tournament:<id>` topic, or null for one this page does not know (or a malformed one). */
export function parseLeaderboardMessage(value: unknown): LeaderboardMessage | null {
  try {
    return leaderboardMessage(value);
  } catch {
    return null;
  }
}
