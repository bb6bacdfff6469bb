import { TOP_BOARDS, TOP_PERIODS, type TopBoard, type TopPeriod } from '@/lib/constants/top';

/** The top page's boards and periods (lib/constants/top.ts, without the contract's zod schemas). */
export const BOARDS = TOP_BOARDS;
export const PERIODS = TOP_PERIODS;
export const DEFAULT_BOARD: TopBoard = 'wins';
export const DEFAULT_PERIOD: TopPeriod = 'day';
export { TOP_TOPIC } from '@/lib/constants/top';

/** The board is asked for again at most this often while the `top` topic says it changed. */
export const TOP_REFRESH_MS = 5_000;

export type { TopBoard, TopPeriod };

const isBoard = (value: unknown): value is TopBoard => (BOARDS as readonly unknown[]).includes(value);
const isPeriod = (value: unknown): value is TopPeriod => (PERIODS as readonly unknown[]).includes(value);

/** The board and period of the address's query (`?board=&period=`); the defaults for anything else. */
export function topView(query: Record<string, string | string[] | undefined>): {
  board: TopBoard;
  period: TopPeriod;
} {
  return {
    board: isBoard(query.board) ? query.board : DEFAULT_BOARD,
    period: isPeriod(query.period) ? query.period : DEFAULT_PERIOD,
  };
}

/** The address of a view: the defaults are left out. */
export function topHref(board: TopBoard, period: TopPeriod): string {
  const query = new URLSearchParams();
  if (board !== DEFAULT_BOARD) query.set('board', board);
  if (period !== DEFAULT_PERIOD) query.set('period', period);
  const search = query.toString();
  return search ? `/top?${search}` : '/top';
}
