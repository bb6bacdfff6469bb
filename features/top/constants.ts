import type { TopBoard, TopPeriod } from '@/lib/contracts/top';

/**
 * The top page's boards, periods and topic (lib/contracts/top.ts), as the browser's code reads them: the
 * contract module builds its zod schemas when it loads, which a public page's first load should not pay
 * for. constants.test.ts proves these are the contract's.
 */
export const BOARDS = ['wins', 'multipliers', 'wagered'] as const satisfies readonly TopBoard[];
export const PERIODS = ['day', 'week', 'all'] as const satisfies readonly TopPeriod[];
export const DEFAULT_BOARD: TopBoard = 'wins';
export const DEFAULT_PERIOD: TopPeriod = 'day';
export const TOP_TOPIC = 'top';

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
