import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import {
  TOP_BOARDS,
  TOP_PERIODS,
  TOP_SIZE,
  TOP_TOPIC,
  type TopBoard,
  type TopPeriod,
} from '@/lib/constants/top';

/**
 * The top page (issue 19). `GET /top?board=wins|multipliers|wagered&period=day|week|all` → {@link topReply}.
 * Wins and multipliers are single bets of every game (wins ranked by payout in roubles at the declared
 * rates); wagered is each player's total stake over the period, in roubles. A player who hides their
 * statistics is `player: null` ("Hidden"); one who hides their avatar has `avatar: null`. The realtime topic
 * `top` says `{ type: 'changed' }` when new bets were counted (at most every few seconds).
 */
export { TOP_BOARDS, TOP_PERIODS, TOP_SIZE, TOP_TOPIC, type TopBoard, type TopPeriod };

export const topQuery = z.object({
  board: z.enum(TOP_BOARDS).default('wins'),
  period: z.enum(TOP_PERIODS).default('day'),
});

export const topRow = z.object({
  place: z.number().int().positive(),
  player: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The game key of the bet (wins and multipliers; null for wagered). */
  game: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  /** The stake of the bet, or the total wagered. */
  amount: z.number(),
  payout: z.number().nullable(),
  multiplier: z.number().nullable(),
  at: z.string().nullable(),
});
export type TopRow = z.infer<typeof topRow>;

export const topReply = z.object({
  board: z.enum(TOP_BOARDS),
  period: z.enum(TOP_PERIODS),
  rows: z.array(topRow),
});
export type TopReply = z.infer<typeof topReply>;
