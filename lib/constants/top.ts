/** The top page (issue 19; contract in lib/contracts/top.ts): its boards, periods, topic and size. */
export const TOP_BOARDS = ['wins', 'multipliers', 'wagered'] as const;
export const TOP_PERIODS = ['day', 'week', 'all'] as const;
export type TopBoard = (typeof TOP_BOARDS)[number];
export type TopPeriod = (typeof TOP_PERIODS)[number];
/** The realtime topic that says `{ type: 'changed' }` when new bets were counted. */
export const TOP_TOPIC = 'top';
/** Rows per board. */
export const TOP_SIZE = 20;
