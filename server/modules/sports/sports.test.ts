/**
 * The sportsbook (issue 18) through the API, fed by hand (the feed's adapters have their own tests in
 * feed/): events and markets stored from deliveries, bets placed with every refusal of the contract,
 * settlement of every result kind and its corrections through the ledger, cash-out, and exactly-once
 * settlement with two API processes and with a cash-out racing it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  sportBetReply,
  sportBetsReply,
  sportEvent,
  sportEventsReply,
  sportsMenuReply,
} from '@/lib/contracts/sports';
import type { RealtimeMessage } from '../../realtime/bus';
import { buildApp, sportsOf } from '../../app';
import { manualClock } from '../../lib/clock';
import { MemoryBus } from '../../realtime/bus';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { api, cashBalance, key, newPlayer, type Player } from '../games/testing';
import { assertLedgerInvariants } from '../ledger/invariants';
import type { FeedEvent, FeedMarket } from './feed/model';
import { betActivity } from '../activity/schema';
import { sportBets, sportLimits } from './schema';

const clock = manualClock();
const { db } = await createTestDatabase();
const config = testConfig();
const bus = new MemoryBus();
const build = () =>
  buildApp({
    db,
    config,
    logger: false,
    clock,
    bus,
    sports: { feed: null, settings: { autoSettle: false } },
  });
const app = build();
const other = build();
await Promise.all([app.ready(), other.ready()]);
afterAll(async () => {
  await Promise.all([app.close(), other.close()]);
});
const sports = sportsOf(app)!;

let nextEvent = 1;
/** A football match with a 1X2 market and a total 2.5, all open. */
function match(
  odds: { home?: number; draw?: number; away?: number; over?: number; under?: number } = {},
): FeedEvent {
  const id = `t-${nextEvent++}`;
  const market = (key: FeedMarket['key'], line: number | null, outcomes: [string, number][]): FeedMarket => {
    const marketId = `${id}:${key}${line === null ? '' : `:${line}`}`;
    return {
      id: marketId,
      key,
      period: null,
      line,
      status: 'open',
      outcomes: outcomes.map(([code, oddsMilli]) => ({
        id: `${marketId}:${code}`,
        code: code as FeedMarket['outcomes'][number]['code'],
        oddsMilli,
        result: null,
      })),
    };
  };
  return {
    id,
    sport: 'football',
    league: { id: 'epl', name: 'Premier League' },
    home: `Home ${id}`,
    away: `Away ${id}`,
    startsAt: new Date(clock().getTime() + 3_600_000),
    status: 'prematch',
    score: null,
    clock: null,
    markets: [
      market('1x2', null, [
        ['1', odds.home ?? 2000],
        ['X', odds.draw ?? 3400],
        ['2', odds.away ?? 3800],
      ]),
      market('total', 2.5, [
        ['over', odds.over ?? 1900],
        ['under', odds.under ?? 1900],
      ]),
    ],
  };
}

const deliver = async (...events: FeedEvent[]) => {
  await sports.ingest.events(events);
};

/** The event finished with these results per outcome code of each market (every other outcome lost). */
function finished(event: FeedEvent, winners: Record<string, string | 'void'>): FeedEvent {
  return {
    ...event,
    status: 'finished',
    score: { home: 2, away: 1, periods: [] },
    markets: event.markets.map((market) => ({
      ...market,
      status: 'settled',
      outcomes: market.outcomes.map((o) => ({
        ...o,
        result:
          winners[market.key] === 'void'
            ? 'void'
            : winners[market.key] === o.code
              ? ('won' as const)
              : ('lost' as const),
      })),
    })),
  };
}

const outcome = (event: FeedEvent, market: number, code: string) =>
  event.markets[market]!.outcomes.find((o) => o.code === code)!;

const bet = (
  player: Player,
  body: {
    kind?: 'single' | 'express' | 'system';
    system_k?: number;
    stake: number;
    accept?: 'none' | 'higher' | 'any';
    selections: { outcome_id: string; odds: number }[];
    key?: string;
  },
) => api(app, player.token).post('/sports/bets', { kind: 'single', accept: 'none', key: key(), ...body });

const pick = (event: FeedEvent, market: number, code: string) => {
  const o = outcome(event, market, code);
  return { outcome_id: o.id, odds: o.oddsMilli / 1000 };
};

async function placed(player: Player, body: Parameters<typeof bet>[1]) {
  const response = await bet(player, body);
  expect(response.statusCode, response.body).toBe(200);
  return sportBetReply.parse(response.json());
}

const errorKeys = (response: { json: () => unknown }) => {
  const errors = (response.json() as { errors: Record<string, string[]> }).errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [field, list.map((e) => e.split(':')[0])]),
  );
};

async function settleAll() {
  await sports.ingest.idle();
  await sports.settle(null);
}

describe('what is on offer', () => {
  it('stores the delivered events and shows them by sport, league and status', async () => {
    const event = match();
    await deliver(event, {
      ...match(),
      status: 'live',
      sport: 'tennis',
      league: { id: 'atp', name: 'ATP Paris' },
    });
    const menu = sportsMenuReply.parse((await api(app).get('/sports')).json());
    expect(menu.sports.find((s) => s.key === 'football')?.leagues).toContainEqual(
      expect.objectContaining({ id: 'epl', name: 'Premier League' }),
    );
    expect(menu.sports.find((s) => s.key === 'tennis')?.live).toBeGreaterThanOrEqual(1);
    const live = sportEventsReply.parse((await api(app).get('/sports/events?status=live')).json());
    expect(live.items.every((e) => e.status === 'live')).toBe(true);
    const one = sportEvent.parse((await api(app).get(`/sports/events/${event.id}`)).json());
    expect(one.markets.map((m) => m.key)).toEqual(['1x2', 'total']);
    expect(one.markets[0]!.outcomes.map((o) => o.odds)).toEqual([2, 3.4, 3.8]);
    expect((await api(app).get('/sports/events/nope')).statusCode).toBe(404);
  });

  it('publishes only what changed, on the lists topic and the event topic', async () => {
    const event = match();
    await deliver(event);
    const seen: RealtimeMessage[] = [];
    const off = [
      bus.subscribe('sports', (m) => seen.push(m)),
      bus.subscribe(`sports:${event.id}`, (m) => seen.push(m)),
    ];
    await deliver(event);
    expect(seen).toEqual([]);
    const moved = structuredClone(event);
    moved.markets[0]!.outcomes[0]!.oddsMilli = 2100;
    await deliver(moved);
    off.forEach((f) => f());
    expect(seen.map((m) => m.topic)).toEqual(['sports', `sports:${event.id}`]);
    const patch = seen[0]!.event as {
      id: string;
      status?: string;
      markets: { id: string; outcomes: { odds: number }[] }[];
    };
    expect(patch.status).toBeUndefined();
    expect(patch.markets).toHaveLength(1);
    expect(patch.markets[0]!.outcomes[0]!.odds).toBe(2.1);
  });
});

describe('placing a bet', () => {
  it('takes a single from cash, once per key', async () => {
    const player = await newPlayer(app, db, 100);
    const event = match();
    await deliver(event);
    const idem = key();
    const first = await placed(player, { stake: 10, selections: [pick(event, 0, '1')], key: idem });
    expect(first.bet).toMatchObject({
      kind: 'single',
      stake: 10,
      odds: 2,
      potential_payout: 20,
      status: 'open',
    });
    expect(first.balance).toBe(90);
    const again = await placed(player, { stake: 10, selections: [pick(event, 0, '1')], key: idem });
    expect(again.bet.id).toBe(first.bet.id);
    expect(await cashBalance(app, player.token)).toBe(90);
    const conflict = await bet(player, { stake: 11, selections: [pick(event, 0, '1')], key: idem });
    expect(conflict.statusCode).toBe(409);
  });

  it('refuses odds that moved outside what the player accepts, and takes the odds of now otherwise', async () => {
    const player = await newPlayer(app, db, 100);
    const event = match();
    await deliver(event);
    const seen = pick(event, 0, '1');
    const up = structuredClone(event);
    up.markets[0]!.outcomes[0]!.oddsMilli = 2200;
    await deliver(up);
    const none = await bet(player, { stake: 1, accept: 'none', selections: [seen] });
    expect(none.statusCode).toBe(422);
    expect(errorKeys(none).selections).toEqual(['odds_changed']);
    expect((none.json() as { errors: { odds: string[] } }).errors.odds).toEqual([`${seen.outcome_id}: 2.2`]);
    const higher = await placed(player, { stake: 1, accept: 'higher', selections: [seen] });
    expect(higher.bet.odds).toBe(2.2);
    const down = structuredClone(event);
    down.markets[0]!.outcomes[0]!.oddsMilli = 1800;
    await deliver(down);
    const refused = await bet(player, { stake: 1, accept: 'higher', selections: [seen] });
    expect(errorKeys(refused).selections).toEqual(['odds_changed']);
    const any = await placed(player, { stake: 1, accept: 'any', selections: [seen] });
    expect(any.bet.odds).toBe(1.8);
    expect(await cashBalance(app, player.token)).toBe(98);
  });

  it('refuses suspended markets, unknown outcomes, two outcomes of one event and bad shapes, moving nothing', async () => {
    const player = await newPlayer(app, db, 100);
    const event = match();
    const suspended = structuredClone(event);
    suspended.markets[1]!.status = 'suspended';
    await deliver(suspended);
    const cases: [Parameters<typeof bet>[1], Record<string, string[]>][] = [
      [{ stake: 1, selections: [pick(event, 1, 'over')] }, { selections: ['suspended'] }],
      [{ stake: 1, selections: [{ outcome_id: `${event.id}:1x2:7`, odds: 2 }] }, { selections: ['unknown'] }],
      [
        { kind: 'express', stake: 1, selections: [pick(event, 0, '1'), pick(event, 0, 'X')] },
        { selections: ['same_event'] },
      ],
      [{ kind: 'express', stake: 1, selections: [pick(event, 0, '1')] }, { selections: ['invalid'] }],
      [
        {
          kind: 'system',
          system_k: 3,
          stake: 1,
          selections: [pick(event, 0, '1'), pick(match(), 0, '1'), pick(match(), 0, '1')],
        },
        { system_k: ['invalid'] },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await bet(player, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorKeys(response)).toEqual(expected);
    }
    expect(await cashBalance(app, player.token)).toBe(100);
  });

  it('holds the stake, payout and event limits of the currency, and the balance', async () => {
    const player = await newPlayer(app, db, 30_000);
    const event = match({ home: 900_000 });
    await deliver(event);
    const expectKey = async (body: Parameters<typeof bet>[1], field: string, errorKey: string) => {
      const response = await bet(player, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorKeys(response)[field]).toEqual([errorKey]);
    };
    // RUB: the coinflip range 1 to 10000 by default.
    await expectKey({ stake: 0.5, selections: [pick(event, 0, 'X')] }, 'stake', 'too_small');
    await expectKey({ stake: 10_001, selections: [pick(event, 0, 'X')] }, 'stake', 'too_big');
    // 2 × 900 = 1800 > 1 000 000 max payout? No: 2000 × 900 = 1 800 000.
    await expectKey({ stake: 2000, selections: [pick(event, 0, '1')] }, 'stake', 'payout_too_big');
    await placed(player, { stake: 10_000, selections: [pick(event, 0, 'X')] });
    await placed(player, { stake: 10_000, selections: [pick(event, 1, 'over')] });
    // Two bets of 10 000 on the event: the event's stake limit (2 × max stake) is reached.
    await expectKey({ stake: 1, selections: [pick(event, 0, '2')] }, 'stake', 'event_limit');
    await db.insert(sportLimits).values({
      currency: 'RUB',
      minStakeMinor: 100n,
      maxStakeMinor: 5_000_000n,
      maxPayoutMinor: 1_000_000_000n,
      maxEventStakeMinor: 10_000_000n,
      maxEventPayoutMinor: 1_000_000_000n,
      updatedAt: clock(),
    });
    try {
      const another = match();
      await deliver(another);
      await expectKey({ stake: 20_000, selections: [pick(another, 0, 'X')] }, 'stake', 'insufficient_funds');
    } finally {
      await db.delete(sportLimits).where(eq(sportLimits.currency, 'RUB'));
    }
    expect(await cashBalance(app, player.token)).toBe(10_000);
  });
});

describe('settlement', () => {
  it('pays won, keeps lost, gives back void, with void legs counting 1.00 in an express and a system', async () => {
    const player = await newPlayer(app, db, 1000);
    const [a, b, c] = [match(), match(), match()];
    await deliver(a, b, c);
    const single = await placed(player, { stake: 10, selections: [pick(a, 0, '1')] });
    const lost = await placed(player, { stake: 10, selections: [pick(b, 0, '1')] });
    const voided = await placed(player, { stake: 10, selections: [pick(c, 1, 'over')] });
    // Express: 2.00 (won) × 1.90 (void) × 3.80 (won) → stake 10 × 2.00 × 1.00 × 3.80 = 76.00.
    const express = await placed(player, {
      kind: 'express',
      stake: 10,
      selections: [pick(a, 0, '1'), pick(c, 1, 'over'), pick(b, 0, '2')],
    });
    // System 2/3 of the same legs: 3 doubles of 10/3 each: (2.00×1.00) + (2.00×3.80) + (1.00×3.80) = 13.40,
    // × 10/3 = 44.666… → 44.66.
    const system = await placed(player, {
      kind: 'system',
      system_k: 2,
      stake: 10,
      selections: [pick(a, 0, '1'), pick(c, 1, 'over'), pick(b, 0, '2')],
    });
    expect(system.bet.potential_payout).toBe(Math.floor(((2 * 1.9 + 2 * 3.8 + 1.9 * 3.8) * 1000) / 3) / 100);
    expect(await cashBalance(app, player.token)).toBe(950);
    await deliver(
      finished(a, { '1x2': '1', total: 'over' }),
      finished(b, { '1x2': '2', total: 'under' }),
      finished(c, { '1x2': 'X', total: 'void' }),
    );
    await settleAll();
    const bets = sportBetsReply.parse(
      (await api(app, player.token).get('/sports/bets?status=settled')).json(),
    ).items;
    const byId = new Map(bets.map((one) => [one.id, one]));
    expect(byId.get(single.bet.id)).toMatchObject({ status: 'won', payout: 20 });
    expect(byId.get(lost.bet.id)).toMatchObject({ status: 'lost', payout: 0 });
    expect(byId.get(voided.bet.id)).toMatchObject({ status: 'void', payout: 10 });
    expect(byId.get(express.bet.id)).toMatchObject({ status: 'won', payout: 76 });
    expect(byId.get(system.bet.id)).toMatchObject({ status: 'won', payout: 44.66 });
    expect(await cashBalance(app, player.token)).toBe(950 + 20 + 10 + 76 + 44.66);
    await assertLedgerInvariants(db);
  });

  it('settles again when a result is corrected, taking back or paying the difference', async () => {
    const player = await newPlayer(app, db, 100);
    const event = match();
    await deliver(event);
    const won = await placed(player, { stake: 10, selections: [pick(event, 0, '1')] });
    const lostFirst = await placed(player, { stake: 10, selections: [pick(event, 0, 'X')] });
    await deliver(finished(event, { '1x2': '1', total: 'over' }));
    await settleAll();
    expect(await cashBalance(app, player.token)).toBe(80 + 20);
    // Corrected: it was a draw. The 20 paid for "1" is taken back; "X" pays 34.
    await deliver(finished(event, { '1x2': 'X', total: 'over' }));
    await settleAll();
    expect(await cashBalance(app, player.token)).toBe(80 + 34);
    const rows = await db.select().from(sportBets).where(eq(sportBets.userId, player.id));
    expect(rows.find((r) => r.id === won.bet.id)).toMatchObject({
      status: 'lost',
      payoutMinor: 0n,
      settleCount: 2,
    });
    expect(rows.find((r) => r.id === lostFirst.bet.id)).toMatchObject({ status: 'won', payoutMinor: 3400n });
    // The activity stream (tournaments, VIP, top): each settlement counted, the corrected one taken back first.
    const stream = await db
      .select({
        key: betActivity.key,
        kind: betActivity.kind,
        stake: betActivity.stakeMinor,
        payout: betActivity.payoutMinor,
      })
      .from(betActivity)
      .where(eq(betActivity.ref, `sport-bet:${won.bet.id}`))
      .orderBy(betActivity.id);
    expect(stream).toEqual([
      { key: `sport-bet:${won.bet.id}:1`, kind: 'bet', stake: 1_000n, payout: 2_000n },
      { key: `sport-bet:${won.bet.id}:2:undo`, kind: 'rollback', stake: -1_000n, payout: -2_000n },
      { key: `sport-bet:${won.bet.id}:2`, kind: 'bet', stake: 1_000n, payout: 0n },
    ]);
    // The same correction again changes nothing.
    await deliver(finished(event, { '1x2': 'X', total: 'over' }));
    await settleAll();
    expect(await cashBalance(app, player.token)).toBe(114);
    await assertLedgerInvariants(db);
  });

  it('takes back only what the player has, and keeps the rest on the bet', async () => {
    const player = await newPlayer(app, db, 10);
    const event = match();
    await deliver(event);
    const one = await placed(player, { stake: 10, selections: [pick(event, 0, '1')] });
    await deliver(finished(event, { '1x2': '1', total: 'over' }));
    await settleAll();
    const another = match();
    await deliver(another);
    const spend = await placed(player, { stake: 15, selections: [pick(another, 0, '1')] });
    expect(spend.balance).toBe(5);
    await deliver(finished(event, { '1x2': '2', total: 'over' }));
    await settleAll();
    expect(await cashBalance(app, player.token)).toBe(0);
    const [row] = await db.select().from(sportBets).where(eq(sportBets.id, one.bet.id));
    expect(row).toMatchObject({ status: 'lost', unrecoveredMinor: 1500n });
    await assertLedgerInvariants(db);
  });

  it('settles each bet once when two API processes settle the same results at once', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => newPlayer(app, db, 100)));
    const event = match();
    await deliver(event);
    for (const player of players) await placed(player, { stake: 10, selections: [pick(event, 0, '1')] });
    await deliver(finished(event, { '1x2': '1', total: 'over' }));
    await sports.ingest.idle();
    await Promise.all([sports.settle(null), sportsOf(other)!.settle(null), sports.settle(null)]);
    for (const player of players) expect(await cashBalance(app, player.token)).toBe(110);
    await assertLedgerInvariants(db);
  });
});

describe('cash-out', () => {
  it('pays the fair value less the margin, refuses while suspended, and when the value fell', async () => {
    const player = await newPlayer(app, db, 100);
    const event = match();
    await deliver(event);
    const placedBet = await placed(player, { stake: 10, selections: [pick(event, 0, '1')] });
    // Fair chance of "1" at 2.00/3.40/3.80: 0.5 / (0.5 + 1/3.4 + 1/3.8); value = 10 × 2 × p × 0.95.
    const p = 0.5 / (0.5 + 1 / 3.4 + 1 / 3.8);
    const value = Math.floor(10 * 2 * p * 0.95 * 100) / 100;
    expect(placedBet.bet.cashout).toBe(value);
    const suspended = structuredClone(event);
    suspended.markets[0]!.status = 'suspended';
    await deliver(suspended);
    const refused = await api(app, player.token).post(`/sports/bets/${placedBet.bet.id}/cashout`, {
      amount: value,
    });
    expect(errorKeys(refused)).toEqual({ amount: ['suspended'] });
    const lower = structuredClone(event);
    lower.markets[0]!.outcomes[0]!.oddsMilli = 2500;
    await deliver(lower);
    const changed = await api(app, player.token).post(`/sports/bets/${placedBet.bet.id}/cashout`, {
      amount: value,
    });
    expect(changed.statusCode).toBe(422);
    expect(errorKeys(changed).amount).toEqual(['changed']);
    const now = Number((changed.json() as { errors: { value: string[] } }).errors.value[0]);
    expect(now).toBeLessThan(value);
    const done = await api(app, player.token).post(`/sports/bets/${placedBet.bet.id}/cashout`, {
      amount: now,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(sportBetReply.parse(done.json()).bet).toMatchObject({
      status: 'cashed_out',
      payout: now,
      cashout: null,
    });
    expect(await cashBalance(app, player.token)).toBe(90 + now);
    // Another player cannot touch it; nor can it be cashed out twice.
    const stranger = await newPlayer(app, db, 0);
    expect(
      (await api(app, stranger.token).post(`/sports/bets/${placedBet.bet.id}/cashout`, { amount: 1 }))
        .statusCode,
    ).toBe(404);
    const twice = await api(app, player.token).post(`/sports/bets/${placedBet.bet.id}/cashout`, {
      amount: now,
    });
    expect(errorKeys(twice)).toEqual({ amount: ['unavailable'] });
    // The result comes later: a cashed-out bet is not settled.
    await deliver(finished(event, { '1x2': '1', total: 'over' }));
    await settleAll();
    expect(await cashBalance(app, player.token)).toBe(90 + now);
  });

  it('races settlement: exactly one of them pays', async () => {
    for (let round = 0; round < 5; round += 1) {
      const player = await newPlayer(app, db, 100);
      const event = match();
      await deliver(event);
      const one = await placed(player, { stake: 10, selections: [pick(event, 0, '1')] });
      const value = one.bet.cashout!;
      const [cash] = await Promise.all([
        api(other, player.token).post(`/sports/bets/${one.bet.id}/cashout`, { amount: value }),
        deliver(finished(event, { '1x2': '1', total: 'over' })).then(() => sports.settle(null)),
      ]);
      await sports.settle(null);
      const balance = await cashBalance(app, player.token);
      if (cash.statusCode === 200) expect(balance).toBe(90 + value);
      else {
        expect(errorKeys(cash)).toEqual({ amount: ['unavailable'] });
        expect(balance).toBe(110);
      }
    }
    await assertLedgerInvariants(db);
  });
});
