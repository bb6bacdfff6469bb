import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { historyReply } from '@/lib/contracts/billing';
import { billingKeys } from './query-keys';

export type HistoryPage = z.infer<typeof historyReply>;
export type HistoryItem = HistoryPage['items'][number];

/** Rows per page of the balance history. */
export const HISTORY_PER_PAGE = 20;

/**
 * `GET /profile/history?page=&per_page=`: the user's balance movements, newest first. The API client
 * (axios) loads with the call, not with the history page.
 */
export const getHistory = async (page: number, perPage = HISTORY_PER_PAGE): Promise<HistoryPage> => {
  const { api } = await import('@/lib/api/client');
  const response = await api.get('/profile/history', { params: { page, per_page: perPage } });
  return historyReply.parse(response.data);
};

export const historyQueryOptions = (page: number, perPage = HISTORY_PER_PAGE) =>
  queryOptions({
    queryKey: billingKeys.history(page, perPage),
    queryFn: () => getHistory(page, perPage),
    placeholderData: keepPreviousData,
    retry: false,
  });
