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
