'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrashFairness } from '@/lib/contracts/crash';
import { crashApi } from './game-client';
import { gameKeys } from './query-keys';

/**
 * `GET /crash/fairness` (public, on the crash service): the published terminating hash of the chain being
 * played and its salt, each null until the operator sets it. Parsed with the contract's schema, which
 * loads (with zod) beside the reply, not with the page.
 */
export async function getCrashFairness(): Promise<CrashFairness> {
  const [response, { crashFairnessReply }] = await Promise.all([
    crashApi().get('/crash/fairness'),
    import('@/lib/contracts/crash'),
  ]);
  return crashFairnessReply.parse(response.data);
}

export const crashFairnessQueryOptions = () =>
  queryOptions({ queryKey: gameKeys.crashFairness(), queryFn: getCrashFairness, staleTime: 60_000 });

export function useCrashFairness() {
  return useQuery(crashFairnessQueryOptions());
}
