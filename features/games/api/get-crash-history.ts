'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { crashHistoryReply } from '@/lib/api/first-screen-checks';
import type { CrashHistory } from '@/lib/contracts/crash';
import { crashApi } from './game-client';
import { gameKeys } from './query-keys';

/** How many finished games the fairness section lists. */
export const CRASH_HISTORY_SHOWN = 20;

/**
 * `GET /crash/history?limit=1..100` (public, on the crash service): the last finished games, newest
 * first, each with its revealed hash and crash point. The strip above the live curve reads it on the first
 * screen, so the reply is checked without zod (lib/api/first-screen-checks.ts).
 */
export async function getCrashHistory(limit: number): Promise<CrashHistory> {
  const response = await crashApi().get('/crash/history', { params: { limit } });
  return crashHistoryReply(response.data);
}

export const crashHistoryQueryOptions = (limit = CRASH_HISTORY_SHOWN) =>
  queryOptions({
    queryKey: gameKeys.crashHistory(limit),
    queryFn: () => getCrashHistory(limit),
    staleTime: 15_000,
  });

export function useCrashHistory(limit = CRASH_HISTORY_SHOWN) {
  return useQuery(crashHistoryQueryOptions(limit));
}
