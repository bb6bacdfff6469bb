import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Currency } from '@/lib/constants/currencies';
import { caseDetail } from '@/lib/contracts/games';
import { getGame } from './game-client';
import { gameKeys } from './query-keys';

export type CaseDetail = z.infer<typeof caseDetail>;
export type CaseItem = CaseDetail['items'][number];

/** `GET /cases/{slug}?currency=` (service `cases`): one case with its items (404 for an unknown slug). */
export const getCase = (slug: string, currency: Currency) =>
  getGame('cases', `/cases/${encodeURIComponent(slug)}`, caseDetail, { currency });

export const caseQueryOptions = (slug: string, currency: Currency) =>
  queryOptions({
    queryKey: gameKeys.case(slug, currency),
    queryFn: () => getCase(slug, currency),
    staleTime: 60_000,
    retry: false,
  });
