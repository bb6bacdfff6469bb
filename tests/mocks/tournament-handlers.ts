import { http, HttpResponse } from 'msw';
import type { LeaderboardEntry, TournamentReply, TournamentSummary } from '@/lib/contracts/tournaments';
import { apiPath } from './handlers';

/** A tournament of the list, with `changes`. */
export function tournamentSummary(id: number, changes: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id,
    title: { ru: `Гонка №${id}`, en: `Race no. ${id}`, kz: `Жарыс №${id}` },
    kind: 'wager',
    state: 'active',
    starts_at: '2026-11-20T00:00:00.000Z',
    ends_at: '2026-11-30T00:00:00.000Z',
    currency: 'RUB',
    pool: 0,
    prize_total: 100_000,
    games: ['slots', 'dice', 'slots:aurora-wilds', 'crash'],
    requires_join: false,
    participants: 57,
    ...changes,
  };
}

export const leaderboardEntry = (
  place: number,
  changes: Partial<LeaderboardEntry> = {},
): LeaderboardEntry => ({
  place,
  user_id: 100 + place,
  player: `player${place}`,
  avatar: null,
  points: 1_000 / place,
  prize: place <= 3 ? 10_000 / place : 0,
  ...changes,
});

/** A tournament's page reply, with changes to the tournament and the rest. */
export function tournamentReply(
  id: number,
  changes: Partial<TournamentReply['tournament']> = {},
  rest: Partial<Omit<TournamentReply, 'tournament'>> = {},
): TournamentReply {
  return {
    tournament: {
      ...tournamentSummary(id),
      rules: { ru: 'Правила гонки', en: 'Race rules', kz: 'Жарыс ережелері' },
      min_stake: null,
      rates: {},
      prizes: [
        { from: 1, to: 1, amount: 50_000, pool_percent: null, to_balance: 'cash', wager: null },
        { from: 2, to: 3, amount: 25_000, pool_percent: null, to_balance: 'bonus', wager: 30 },
      ],
      ...changes,
    },
    leaderboard: [leaderboardEntry(1), leaderboardEntry(2, { player: null }), leaderboardEntry(3)],
    me: null,
    ...rest,
  };
}

/** `GET /tournaments` answering `lists[status ?? 'all']`, `GET /tournaments/:id` answering `details[id]`. */
export function tournamentsApi({
  lists = {},
  details = {},
}: {
  lists?: Record<string, TournamentSummary[]>;
  details?: Record<number, TournamentReply | ((authorized: boolean) => TournamentReply)>;
} = {}) {
  const joins: number[] = [];
  const handlers = [
    http.get(apiPath('/tournaments'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'all';
      return HttpResponse.json({ tournaments: lists[status] ?? [] });
    }),
    http.get(apiPath('/tournaments/:id'), ({ params, request }) => {
      const detail = details[Number(params.id)];
      if (!detail) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const authorized = request.headers.has('authorization');
      return HttpResponse.json(typeof detail === 'function' ? detail(authorized) : detail);
    }),
    http.post(apiPath('/tournaments/:id/join'), ({ params }) => {
      joins.push(Number(params.id));
      return HttpResponse.json({ joined: true });
    }),
  ];
  return { handlers, joins };
}
