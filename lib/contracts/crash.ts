import { z } from 'zod';

/**
 * Crash (issue 16, lib/fair/crash.ts). Multipliers travel as numbers with two decimals (2.5 is 2.50×).
 */

/** `GET /crash/fairness`: the chain being played (or the next one): its published hash and its salt. */
export const crashFairnessReply = z.object({
  terminating_hash: z.string().nullable(),
  /** Null until the operator sets it after publishing the chain; no game is played before. */
  salt: z.string().nullable(),
});
export type CrashFairness = z.infer<typeof crashFairnessReply>;

/** `GET /crash/history?limit=`: 1 to 100 finished games, newest first (default 20). */
export const crashHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const crashHistoryReply = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      /** Revealed with the bust: SHA-256 of it, as hex text, is the previous game's hash. */
      hash: z.string(),
      crash_point: z.number(),
      started_at: z.string(),
    }),
  ),
});
export type CrashHistory = z.infer<typeof crashHistoryReply>;

/** A bet as every player sees it (the socket's lists): a hidden player's name is "Hidden". */
export const crashBetView = z.object({
  id: z.number().int(),
  player: z.string(),
  currency: z.string(),
  amount: z.number(),
  auto_cashout: z.number().nullable(),
  cashed_out_at: z.number().nullable(),
  payout: z.number().nullable(),
});
export type CrashBetView = z.infer<typeof crashBetView>;

export const CRASH_PHASES = ['idle', 'betting', 'running', 'busted'] as const;

/**
 * The round as it stands (`GET /crash/state`, and the socket's first message): the crash point and the
 * game's hash only once it has busted.
 */
export const crashSnapshot = z.object({
  type: z.literal('snapshot'),
  phase: z.enum(CRASH_PHASES),
  game_id: z.number().int().nullable(),
  betting_ends_at: z.string().nullable(),
  elapsed_ms: z.number().nullable(),
  multiplier: z.number().nullable(),
  crash_point: z.number().nullable(),
  hash: z.string().nullable(),
  bets: z.array(crashBetView),
  now: z.string(),
});
export type CrashSnapshot = z.infer<typeof crashSnapshot>;

/** What the socket (`/crash/socket`) sends after the snapshot. */
export const crashMessage = z.discriminatedUnion('type', [
  crashSnapshot,
  z.object({ type: z.literal('betting'), game_id: z.number().int(), ends_at: z.string() }),
  /** `started_at`: the server's time of multiplier 1.00 (a tick's `elapsed_ms` counts from it). */
  z.object({ type: z.literal('started'), game_id: z.number().int(), started_at: z.string() }),
  z.object({
    type: z.literal('tick'),
    game_id: z.number().int(),
    elapsed_ms: z.number(),
    multiplier: z.number(),
  }),
  z.object({ type: z.literal('bet'), game_id: z.number().int(), bet: crashBetView }),
  z.object({ type: z.literal('cashout'), game_id: z.number().int(), bet: crashBetView }),
  z.object({
    type: z.literal('busted'),
    game_id: z.number().int(),
    crash_point: z.number(),
    hash: z.string(),
    elapsed_ms: z.number(),
  }),
]);
export type CrashMessage = z.infer<typeof crashMessage>;

/** `POST /crash/bet`: in the betting window; `auto_cashout` ≥ 1.01 or none. */
export const crashBetBody = z.object({
  amount: z.number().positive().multipleOf(0.01).max(1_000_000_000),
  auto_cashout: z.number().min(1.01).max(1_000_000).multipleOf(0.01).nullish(),
  idempotency_key: z.string().min(8).max(64),
});

export const crashBetReply = z.object({ bet: crashBetView, game_id: z.number().int(), balance: z.number() });

/** `POST /crash/cashout`: at the multiplier of the server's clock when it arrives. */
export const crashCashoutBody = z.object({ game_id: z.number().int().positive() });
export const crashCashoutReply = z.object({ bet: crashBetView, balance: z.number() });

export const CRASH_BET_STATUSES = ['active', 'cashed_out', 'lost', 'refunded'] as const;

/** `GET /crash/bets/mine?limit=` (signed in): 1 to 50 of the player's own bets, newest first (default 10). */
export const crashMyBetsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** One of the player's own bets: `payout` is 0 until it is paid; the game's point only after its bust. */
export const crashMyBet = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  currency: z.string(),
  amount: z.number(),
  auto_cashout: z.number().nullable(),
  status: z.enum(CRASH_BET_STATUSES),
  cashed_out_at: z.number().nullable(),
  payout: z.number(),
  /** Null while the game runs: the point leaves the server only with the bust. */
  crash_point: z.number().nullable(),
  created_at: z.string(),
});
export type CrashMyBet = z.infer<typeof crashMyBet>;

export const crashMyBetsReply = z.object({ items: z.array(crashMyBet) });
export type CrashMyBets = z.infer<typeof crashMyBetsReply>;
