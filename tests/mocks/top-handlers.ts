import { http, HttpResponse } from 'msw';
import type { TopRow } from '@/lib/contracts/top';
import { apiPath } from './handlers';

/** A row of the wins board, with `changes`. */
export const topRow = (place: number, changes: Partial<TopRow> = {}): TopRow => ({
  place,
  player: `winner${place}`,
  avatar: null,
  game: 'dice',
  currency: 'RUB',
  amount: 100,
  payout: 10_000 / place,
  multiplier: 100 / place,
  at: '2026-11-26T10:15:00.000Z',
  ...changes,
});

/** `GET /top` answering `rows(board, period)`; counts the calls. */
export function topApi(rows: (board: string, period: string) => TopRow[] = () => [topRow(1)]) {
  const calls: string[] = [];
  const handler = http.get(apiPath('/top'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    const board = query.get('board') ?? 'wins';
    const period = query.get('period') ?? 'day';
    calls.push(`${board}/${period}`);
    return HttpResponse.json({ board, period, rows: rows(board, period) });
  });
  return { handler, calls };
}
