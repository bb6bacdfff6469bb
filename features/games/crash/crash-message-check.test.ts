import { describe, expect, it } from 'vitest';
import { CRASH_PHASES as CONTRACT_PHASES, crashMessage } from '@/lib/contracts/crash';
import { checkCrashMessage, CRASH_PHASES } from './crash-message-check';

const bet = {
  id: 7,
  player: 'Hidden',
  currency: 'RUB',
  amount: 10.5,
  auto_cashout: null,
  cashed_out_at: 1.52,
  payout: 15.96,
};
const snapshot = {
  topic: 'crash',
  type: 'snapshot',
  phase: 'running',
  game_id: 42,
  betting_ends_at: null,
  elapsed_ms: 1200,
  multiplier: 1.07,
  crash_point: null,
  hash: null,
  bets: [bet, { ...bet, id: 8, cashed_out_at: null, payout: null, auto_cashout: 2 }],
  now: '2031-01-01T00:00:00.000Z',
};
const valid: Record<string, unknown>[] = [
  snapshot,
  { ...snapshot, phase: 'idle', game_id: null, elapsed_ms: null, multiplier: null, bets: [] },
  { ...snapshot, phase: 'busted', crash_point: 3.1, hash: 'ab'.repeat(32), extra: true },
  { topic: 'crash', type: 'betting', game_id: 43, ends_at: '2031-01-01T00:00:05.000Z' },
  { topic: 'crash', type: 'started', game_id: 43, started_at: '2031-01-01T00:00:05.000Z' },
  { topic: 'crash', type: 'tick', game_id: 43, elapsed_ms: 300, multiplier: 1.01 },
  { topic: 'crash', type: 'bet', game_id: 43, bet },
  { topic: 'crash', type: 'cashout', game_id: 43, bet: { ...bet, extra: 1 } },
  { topic: 'crash', type: 'busted', game_id: 43, crash_point: 1, hash: 'cd', elapsed_ms: 0 },
];
const invalid: unknown[] = [
  null,
  'tick',
  [],
  {},
  { topic: 'crash', type: 'unknown', game_id: 1 },
  { topic: 'crash', type: 'toString' },
  { ...snapshot, phase: 'paused' },
  { ...snapshot, game_id: 1.5 },
  { ...snapshot, bets: [{ ...bet, amount: '10' }] },
  { ...snapshot, bets: null },
  { ...snapshot, now: undefined },
  { topic: 'crash', type: 'tick', game_id: 43, elapsed_ms: 300 },
  { topic: 'crash', type: 'tick', game_id: 43, elapsed_ms: Number.NaN, multiplier: 1 },
  { topic: 'crash', type: 'bet', game_id: 43, bet: { ...bet, payout: undefined } },
  { topic: 'crash', type: 'busted', game_id: 43, crash_point: null, hash: 'cd', elapsed_ms: 0 },
];

describe('the crash socket check without zod', () => {
  it('knows the contract’s phases', () => {
    expect(CRASH_PHASES).toEqual(CONTRACT_PHASES);
  });

  it('accepts what the contract accepts, with the same result (extra keys dropped alike)', () => {
    for (const message of valid) {
      expect(checkCrashMessage(message), JSON.stringify(message)).toEqual(crashMessage.parse(message));
    }
  });

  it('refuses what the contract refuses', () => {
    for (const message of invalid) {
      expect(crashMessage.safeParse(message).success, `zod accepts ${JSON.stringify(message)}`).toBe(false);
      expect(checkCrashMessage(message), JSON.stringify(message)).toBeNull();
    }
  });
});
