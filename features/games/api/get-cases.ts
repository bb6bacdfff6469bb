import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Currency } from '@/lib/constants/currencies';
import { casesReply, type caseSummary } from '@/lib/contracts/games';
import { getGame } from './game-client';
import { gameKeys } from './query-keys';

export type CaseSummary = z.infer<typeof caseSummary>;

/** `GET /cases?currency=` (service `cases`): every case with its price in the currency. */
export const getCases = (currency: Currency) =>
  getGame('cases', '/cases', casesReply, { currency }).then((reply) => reply.items);

export const casesQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: gameKeys.cases(currency), queryFn: () => getCases(currency), staleTime: 60_000 });
