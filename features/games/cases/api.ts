import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Currency } from '@/lib/constants/currencies';
import { caseDetail, caseOpenBody, casesReply, type caseSummary } from '@/lib/contracts/games';
import { getGame, postGame, type BetOf, type BetReply } from '../shared/api';
import { gameKeys } from '../shared/queries';

/** Cases calls (service `cases`, lib/contracts/games.ts): the list, one case, opening it. */

export type CaseDetail = z.infer<typeof caseDetail>;
export type CaseSummary = z.infer<typeof caseSummary>;
export type CaseItem = CaseDetail['items'][number];
export type CasesBet = BetOf<'cases'>;

export const caseKeys = {
  list: (currency: Currency) => [...gameKeys.all, 'cases', 'list', currency] as const,
  detail: (slug: string, currency: Currency) => [...gameKeys.all, 'cases', 'detail', slug, currency] as const,
};

/** `GET /cases?currency=`: every case with its price in the currency. */
export const getCases = (currency: Currency) =>
  getGame('cases', '/cases', casesReply, { currency }).then((reply) => reply.items);

/** `GET /cases/{slug}?currency=`: one case with its items (404 for an unknown slug). */
export const getCase = (slug: string, currency: Currency) =>
  getGame('cases', `/cases/${encodeURIComponent(slug)}`, caseDetail, { currency });

export const casesQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: caseKeys.list(currency), queryFn: () => getCases(currency), staleTime: 60_000 });

export const caseQueryOptions = (slug: string, currency: Currency) =>
  queryOptions({
    queryKey: caseKeys.detail(slug, currency),
    queryFn: () => getCase(slug, currency),
    staleTime: 60_000,
    retry: false,
  });

/** `POST /cases/{slug}/open`: one opening, paid at the case's price. */
export async function openCase(slug: string, idempotencyKey: string): Promise<{ bet: CasesBet; balance: number }> {
  const reply: BetReply = await postGame(
    'cases',
    `/cases/${encodeURIComponent(slug)}/open`,
    caseOpenBody.parse({ idempotency_key: idempotencyKey }),
  );
  if (reply.bet.game !== 'cases') throw new Error(`A case opening was answered with a ${reply.bet.game} bet`);
  return reply as { bet: CasesBet; balance: number };
}
