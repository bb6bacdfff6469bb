import type { MarketKey, OutcomeCode, Sport } from '@/lib/constants/sports';
import type {
  SportEvent,
  SportMarket,
  SportOutcome,
  SportsEventPatch,
  SportsMenuReply,
} from '@/lib/contracts/sports';

/**
 * Sports events as `GET /sports/events` and `GET /sports/events/{id}` answer them (lib/contracts/sports.ts),
 * with the ids the contract describes: market `<event>:<key>[:p<period>][:<line>]`, outcome `<market>:<code>`.
 */

const STARTS_AT = '2026-03-14T18:00:00.000Z';

export function sportMarket(
  eventId: string,
  key: MarketKey,
  odds: Partial<Record<OutcomeCode, number>>,
  changes: Partial<Omit<SportMarket, 'id' | 'key' | 'outcomes'>> = {},
): SportMarket {
  const period = changes.period ?? null;
  const line = changes.line ?? null;
  const id = [eventId, key, period === null ? null : `p${period}`, line === null ? null : String(line)]
    .filter((part) => part !== null)
    .join(':');
  const outcomes: SportOutcome[] = Object.entries(odds).map(([code, value]) => ({
    id: `${id}:${code}`,
    code: code as OutcomeCode,
    odds: value as number,
    result: null,
  }));
  return { id, key, period, line, status: 'open', outcomes, ...changes };
}

/** An event: a football match with a 1X2, a total 2.5 and a handicap −1.5 unless `changes` say otherwise. */
export function sportEvent(
  id: string,
  home: string,
  away: string,
  changes: Partial<SportEvent> = {},
): SportEvent {
  const sport: Sport = changes.sport ?? 'football';
  const markets = changes.markets ?? [
    sportMarket(id, '1x2', { '1': 2.1, X: 3.4, '2': 3.2 }),
    sportMarket(id, 'total', { over: 1.85, under: 1.95 }, { line: 2.5 }),
    sportMarket(id, 'handicap', { '1': 2.6, '2': 1.5 }, { line: -1.5 }),
  ];
  return {
    id,
    sport,
    league: { id: 'premier-league', name: 'Premier League' },
    home,
    away,
    starts_at: STARTS_AT,
    status: 'prematch',
    score: null,
    clock: null,
    markets,
    markets_count: 24,
    ...changes,
  };
}

/** Arsenal – Chelsea, live at 67' with 1 : 0 (1 : 0, 0 : 0 by half). */
export const liveMatch = sportEvent('e1', 'Arsenal', 'Chelsea', {
  status: 'live',
  score: {
    home: 1,
    away: 0,
    periods: [
      [1, 0],
      [0, 0],
    ],
  },
  clock: "67'",
});

/** Lakers – Celtics, a basketball game to come: a 2-way winner, no draw. */
export const upcomingGame = sportEvent('e2', 'Lakers', 'Celtics', {
  sport: 'basketball',
  league: { id: 'nba', name: 'NBA' },
  starts_at: '2026-03-15T01:30:00.000Z',
  markets: [sportMarket('e2', 'winner', { '1': 1.8, '2': 2.05 })],
  markets_count: 12,
});

/** Liverpool – Everton, a football match to come, its 1X2 suspended. */
export const suspendedMatch = sportEvent('e3', 'Liverpool', 'Everton', {
  markets: [sportMarket('e3', '1x2', { '1': 1.6, X: 4.1, '2': 5.5 }, { status: 'suspended' })],
  markets_count: 1,
});

/** Every market kind of a live hockey game: the event page's groups. */
export const hockeyGame = sportEvent('e4', 'Barys', 'Avangard', {
  sport: 'ice-hockey',
  league: { id: 'khl', name: 'KHL' },
  status: 'live',
  score: {
    home: 2,
    away: 1,
    periods: [
      [1, 0],
      [1, 1],
    ],
  },
  clock: 'P3 05:12',
  markets: [
    sportMarket('e4', '1x2', { '1': 1.7, X: 3.9, '2': 4.6 }),
    sportMarket('e4', 'winner', { '1': 1.35, '2': 3.1 }),
    sportMarket('e4', 'double_chance', { '1X': 1.15, '12': 1.25, X2: 2.1 }),
    sportMarket('e4', 'total', { over: 1.7, under: 2.1 }, { line: 4.5 }),
    sportMarket('e4', 'total', { over: 2.4, under: 1.55 }, { line: 5.5 }),
    sportMarket('e4', 'handicap', { '1': 2.2, '2': 1.65 }, { line: -1.5 }),
    sportMarket('e4', 'period_total', { over: 1.9, under: 1.9 }, { period: 3, line: 1.5 }),
    sportMarket('e4', 'period_1x2', { '1': 2.5, X: 2.2, '2': 3.8 }, { period: 3, status: 'suspended' }),
    sportMarket('e4', 'btts', { yes: 1.5, no: 2.5 }, { status: 'closed' }),
  ],
  markets_count: 9,
});

export const SPORT_EVENTS: SportEvent[] = [liveMatch, upcomingGame, suspendedMatch, hockeyGame];

/** The menu `GET /sports` answers for {@link SPORT_EVENTS}. */
export const sportsMenu: SportsMenuReply = {
  sports: [
    {
      key: 'football',
      live: 1,
      upcoming: 1,
      leagues: [{ id: 'premier-league', name: 'Premier League', live: 1, upcoming: 1 }],
    },
    { key: 'basketball', live: 0, upcoming: 1, leagues: [{ id: 'nba', name: 'NBA', live: 0, upcoming: 1 }] },
    { key: 'tennis', live: 0, upcoming: 0, leagues: [] },
    { key: 'ice-hockey', live: 1, upcoming: 0, leagues: [{ id: 'khl', name: 'KHL', live: 1, upcoming: 0 }] },
    { key: 'esports', live: 0, upcoming: 0, leagues: [] },
  ],
};

/** A realtime message of the `sports` topics carrying one event's change. */
export const eventPatchMessage = (topic: string, event: SportsEventPatch) => ({
  topic,
  type: 'event',
  event,
});
