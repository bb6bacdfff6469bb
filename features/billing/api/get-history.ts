import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { historyReply } from '@/lib/contracts/billing';
import { billingKeys } from './query-keys';

export type HistoryPage = z.infer<typeof historyReply>;
export type HistoryItem = HistoryPage['items'][number];

/** Rows per page of the balance history. */
export const HISTORY_PER_PAGE = 20;

/** `GET /profile/history?page=&per_page=`: the user's balance movements, newest first. */
export const getHistory = (page: number, perPage = HISTORY_PER_PAGE): Promise<HistoryPage> =>
  api
    .get('/profile/history', { params: { page, per_page: perPage } })
    .then((response) => historyReply.parse(response.data));

export const historyQueryOptions = (page: number, perPage = HISTORY_PER_PAGE) =>
  queryOptions({
    queryKey: billingKeys.history(page, perPage),
    queryFn: () => getHistory(page, perPage),
    placeholderData: keepPreviousData,
    retry: false,
  });
