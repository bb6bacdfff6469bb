/** The top page's call on the general service (lib/contracts/top.ts); the reply is checked by ./replies.ts. */
import { queryOptions } from '@tanstack/react-query';
import { serviceApi } from '@/lib/api/client';
import type { TopBoard, TopPeriod } from '../constants';
import { topReply, type TopReply } from './replies';

/** The top page's query keys: every board and period under one root, so the topic reaches them all. */
export const topKeys = {
  all: ['top'] as const,
  board: (board: TopBoard, period: TopPeriod) => [...topKeys.all, board, period] as const,
};

/** A board stays fresh this long; the `top` topic says when it changed in between. */
const TOP_STALE_MS = 30_000;

/** `GET /top?board=&period=`. */
export const getTop = (board: TopBoard, period: TopPeriod): Promise<TopReply> =>
  serviceApi.general.get('/top', { params: { board, period } }).then((response) => topReply(response.data));

export const topQuery = (board: TopBoard, period: TopPeriod) =>
  queryOptions({
    queryKey: topKeys.board(board, period),
    queryFn: () => getTop(board, period),
    staleTime: TOP_STALE_MS,
  });
