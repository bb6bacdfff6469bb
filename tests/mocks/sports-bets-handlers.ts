import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { SportBet, SportBetLeg, SportsLimitsReply } from '@/lib/contracts/sports';
import type { SlipSelection } from '@/features/sportsbook/slip/slip-store';
import { apiPath } from './handlers';

/**
 * The sportsbook's bet calls for component tests (lib/contracts/sports.ts): the limits, placing a bet, the
 * player's open and settled bets and the cash-out, each body recorded.
 */

const at = '2026-03-14T18:00:00.000Z';

/** A football match's home-win outcome in the slip, event `e<n>`, as the event lists add it. */
export function slipSelection(n: number, odds: number, patch: Partial<SlipSelection> = {}): SlipSelection {
  const event = `e${n}`;
  return {
    outcome_id: `${event}:1x2:1`,
    event_id: event,
    sport: 'football',
    league: 'Premier League',
    home: `Home ${n}`,
    away: `Away ${n}`,
    starts_at: at,
    market_id: `${event}:1x2`,
    market_key: '1x2',
    period: null,
    line: null,
    code: '1',
    odds,
    addedOdds: odds,
    suspended: false,
    ...patch,
  };
}

export function sportBetLeg(n: number, patch: Partial<SportBetLeg> = {}): SportBetLeg {
  const event = `e${n}`;
  return {
    outcome_id: `${event}:1x2:1`,
    event_id: event,
    sport: 'football',
    league: 'Premier League',
    home: `Home ${n}`,
    away: `Away ${n}`,
    starts_at: at,
    market_key: '1x2',
    period: null,
    line: null,
    code: '1',
    odds: 2,
    result: null,
    ...patch,
  };
}

export function sportBet(patch: Partial<SportBet> = {}): SportBet {
  return {
    id: 1,
    kind: 'single',
    system_k: null,
    currency: 'RUB',
    stake: 100,
    odds: 2,
    potential_payout: 200,
    status: 'open',
    payout: null,
    cashout: null,
    created_at: at,
    settled_at: null,
    legs: [sportBetLeg(1)],
    ...patch,
  };
}

export const sportsLimits: SportsLimitsReply = {
  currency: 'RUB',
  min_stake: 10,
  max_stake: 50_000,
  max_payout: 5_000_000,
  max_event_stake: 100_000,
  max_event_payout: 5_000_000,
  cashout_margin_percent: 5,
};

export const unprocessable = (errors: Record<string, string[]>) =>
  HttpResponse.json({ message: 'The given data was invalid.', errors }, { status: 422 });

export interface SportsCalls {
  placed: Record<string, unknown>[];
  cashouts: { id: string; body: Record<string, unknown> }[];
  lists: string[];
}

/**
 * The calls answering: `place` (default: the bet placed, balance 900) and `cashout` (default: cashed out
 * for the amount) may answer per call; the lists answer `open` and `settled`.
 */
export function sportsBetsHandlers(
  options: {
    open?: SportBet[];
    settled?: SportBet[];
    limits?: SportsLimitsReply;
    place?: (body: Record<string, unknown>, call: number) => Response | JsonBodyType;
    cashout?: (body: Record<string, unknown>, call: number) => Response | JsonBodyType;
  } = {},
) {
  const calls: SportsCalls = { placed: [], cashouts: [], lists: [] };
  const reply = (value: Response | JsonBodyType) =>
    value instanceof Response ? value : HttpResponse.json(value);
  const handlers = [
    http.get(apiPath('/sports/limits'), () => HttpResponse.json(options.limits ?? sportsLimits)),
    http.post(apiPath('/sports/bets'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.placed.push(body);
      if (options.place) return reply(options.place(body, calls.placed.length));
      return HttpResponse.json({
        bet: sportBet({ id: 100 + calls.placed.length, stake: Number(body.stake) }),
        balance: 900,
      });
    }),
    http.get(apiPath('/sports/bets'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'open';
      calls.lists.push(status);
      return HttpResponse.json({
        items: status === 'settled' ? (options.settled ?? []) : (options.open ?? []),
      });
    }),
    http.post(apiPath('/sports/bets/:id/cashout'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.cashouts.push({ id: String(params.id), body });
      if (options.cashout) return reply(options.cashout(body, calls.cashouts.length));
      const bet = sportBet({ id: Number(params.id), status: 'cashed_out', payout: Number(body.amount) });
      return HttpResponse.json({ bet, balance: 1_000 });
    }),
  ];
  return { handlers, calls };
}
