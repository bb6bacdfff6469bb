import { describe, expect, it } from 'vitest';
import {
  AUTO_BET_START,
  autoBetStopReason,
  parseAutoBetSettings,
  recordAutoBet,
  type AutoBetSettings,
} from './auto-bet';

const run = (settings: AutoBetSettings, bets: { amount: number; payout: number }[]) => {
  let progress = AUTO_BET_START;
  for (const bet of bets) {
    progress = recordAutoBet(progress, bet);
    const reason = autoBetStopReason(settings, progress);
    if (reason) return { reason, progress };
  }
  return { reason: null, progress };
};

const win = { amount: 1, payout: 1.98 };
const loss = { amount: 1, payout: 0 };

describe('auto-bet stop rules', () => {
  it('stops after the number of bets', () => {
    expect(run({ count: 3, stopOnProfit: null, stopOnLoss: null }, [win, loss, loss, loss])).toEqual({
      reason: 'count',
      progress: { played: 3, profitMinor: -102 },
    });
  });

  it('with count 0 goes on until another rule stops it', () => {
    const bets = Array.from({ length: 50 }, () => loss);
    expect(run({ count: 0, stopOnProfit: null, stopOnLoss: null }, bets).reason).toBeNull();
    expect(run({ count: 0, stopOnProfit: null, stopOnLoss: 5 }, bets)).toEqual({
      reason: 'loss',
      progress: { played: 5, profitMinor: -500 },
    });
  });

  it('stops once the profit reaches the target (≥, counted exactly in minor units)', () => {
    // 0.98 per win: after 2 wins 1.96 < 1.97, after 3 wins 2.94 ≥ 1.97; 0.1 + 0.2 adds up to exactly 0.3.
    expect(
      run({ count: 0, stopOnProfit: 1.97, stopOnLoss: null }, [win, win, win, win]).progress.played,
    ).toBe(3);
    expect(
      run({ count: 0, stopOnProfit: 0.3, stopOnLoss: null }, [
        { amount: 0.1, payout: 0.2 },
        { amount: 0.2, payout: 0.4 },
      ]),
    ).toEqual({ reason: 'profit', progress: { played: 2, profitMinor: 30 } });
  });

  it('stops once the loss reaches the limit, a win in between counting', () => {
    expect(run({ count: 100, stopOnProfit: 10, stopOnLoss: 2 }, [loss, win, loss, loss, loss])).toEqual({
      reason: 'loss',
      progress: { played: 4, profitMinor: -202 },
    });
  });

  it('reads the form: empty count is 0, empty or zero stops are off, bad text names its field', () => {
    expect(parseAutoBetSettings({ count: '', stopOnProfit: '', stopOnLoss: '0' })).toEqual({
      settings: { count: 0, stopOnProfit: null, stopOnLoss: null },
    });
    expect(parseAutoBetSettings({ count: '25', stopOnProfit: '1,5', stopOnLoss: '3' })).toEqual({
      settings: { count: 25, stopOnProfit: 1.5, stopOnLoss: 3 },
    });
    expect(parseAutoBetSettings({ count: '2.5', stopOnProfit: '', stopOnLoss: '' })).toEqual({
      error: 'count',
    });
    expect(parseAutoBetSettings({ count: '-1', stopOnProfit: '', stopOnLoss: '' })).toEqual({
      error: 'count',
    });
    expect(parseAutoBetSettings({ count: '1', stopOnProfit: 'x', stopOnLoss: '' })).toEqual({
      error: 'stopOnProfit',
    });
    expect(parseAutoBetSettings({ count: '1', stopOnProfit: '', stopOnLoss: '-2' })).toEqual({
      error: 'stopOnLoss',
    });
  });
});
