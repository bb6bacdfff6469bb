/**
 * Tournaments (issue 19; contract in lib/contracts/tournaments.ts).
 * - `wager` race: points are the amount wagered in the tournament's games (in its currency, bets of other
 *   currencies converted at the rates it declares, else not counted);
 * - `multiplier` race: points are the best payout/stake multiple of one bet staking at least `min_stake`.
 * Statuses follow the `/tournaments/{status}` route (lib/routes.ts); a cancelled tournament is listed with
 * the finished ones and pays nothing.
 */
export const TOURNAMENT_KINDS = ['wager', 'multiplier'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

export const TOURNAMENT_STATES = ['upcoming', 'active', 'finished', 'cancelled'] as const;
export type TournamentState = (typeof TOURNAMENT_STATES)[number];

export const PRIZE_DESTINATIONS = ['cash', 'bonus'] as const;
export type PrizeDestination = (typeof PRIZE_DESTINATIONS)[number];

/** How many places a tournament page's leaderboard shows (the player's own place is given besides). */
export const LEADERBOARD_SIZE = 20;

/** The realtime topic of one tournament's leaderboard. */
export const tournamentTopic = (id: number) => `tournament:${id}`;
export const TOURNAMENT_TOPIC_FAMILY = 'tournament';

/** Leaderboard pushes of one tournament are at most this often. */
export const LEADERBOARD_PUSH_MS = 1_000;
