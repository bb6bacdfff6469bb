/**
 * Sports bets count towards an active bonus by the sports rule of lib/bonuses/wagering.ts: a settled
 * real-money bet (won or lost) at odds of at least 1.50 counts its stake; a void bet counts nothing, and a
 * correction that makes a counted bet void takes its count back.
 */
import { describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed';
import { profile, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { sportsOf } from '../../app';
import { assertLedgerInvariants } from '../ledger/invariants';
import { api, key } from '../games/testing';
import type { FeedEvent } from './feed/model';

const { app, db } = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
await seedDatabase(db);
const sports = sportsOf(app)!;

function event(id: string, homeOddsMilli: number, result: 'won' | 'lost' | 'void' | null): FeedEvent {
  const market = `${id}:winner`;
  return {
    id,
    sport: 'tennis',
    league: { id: 'atp', name: 'ATP' },
    home: 'A',
    away: 'B',
    startsAt: new Date(Date.now() + 3_600_000),
    status: result ? 'finished' : 'prematch',
    score: result ? { home: 2, away: 0, periods: [] } : null,
    clock: null,
    markets: [
      {
        id: market,
        key: 'winner',
        period: null,
        line: null,
        status: result ? 'settled' : 'open',
        outcomes: [
          { id: `${market}:1`, code: '1', oddsMilli: homeOddsMilli, result },
          {
            id: `${market}:2`,
            code: '2',
            oddsMilli: 2000,
            result: result === 'void' ? 'void' : result === 'won' ? 'lost' : result ? 'won' : null,
          },
        ],
      },
    ],
  };
}

describe('sports bets and bonus wagering', () => {
  it('counts a settled bet at odds ≥ 1.50, not one below, not a void one, and takes a count back on a correction to void', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    await deposit(app, token, 1_000);
    expect((await profile(app, token)).statusCode).toBe(200);
    const p = api(app, token);
    const wagered = async () => {
      const { items } = (await p.get('/bonus-system/bonus-activations')).json();
      return items[0].wagered as number;
    };
    await sports.ingest.events([event('w-1', 2000, null), event('w-2', 1300, null)]);
    for (const [outcome, odds] of [
      ['w-1:winner:1', 2],
      ['w-2:winner:1', 1.3],
    ] as const) {
      const response = await p.post('/sports/bets', {
        kind: 'single',
        stake: 100,
        accept: 'none',
        selections: [{ outcome_id: outcome, odds }],
        key: key(),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await wagered()).toBe(0);
    await sports.ingest.events([event('w-1', 2000, 'lost'), event('w-2', 1300, 'won')]);
    await sports.settle(null);
    // Only the bet at 2.00 counts: 100.
    expect(await wagered()).toBe(100);
    await sports.ingest.events([event('w-1', 2000, 'void')]);
    await sports.settle(null);
    expect(await wagered()).toBe(0);
    await assertLedgerInvariants(db);
  });
});
