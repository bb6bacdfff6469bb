import { describe, it } from 'vitest';
import type { Check } from '@/lib/api/check';
import * as contract from '@/lib/contracts/sports';
import { agree } from '@/tests/utils/agree-with-contract';
import { sportBet, sportBetLeg, sportsLimits } from '@/tests/mocks/sports-bets-handlers';
import * as checks from './replies';

const system = sportBet({
  id: 7,
  kind: 'system',
  system_k: 2,
  odds: null,
  stake: 30,
  potential_payout: 61.05,
  legs: [
    sportBetLeg(1, { odds: 1.85, result: 'won' }),
    sportBetLeg(2, { odds: 2.1, result: 'void', market_key: 'total', code: 'over', line: 2.5 }),
    sportBetLeg(3, { odds: 1.5, market_key: 'period_total', period: 2, line: 1.5, code: 'under' }),
  ],
});
const settled = sportBet({
  status: 'cashed_out',
  payout: 95.5,
  settled_at: '2026-03-14T20:00:00.000Z',
});
const leg = sportBetLeg(1);
const withLeg = (changes: Record<string, unknown>) => sportBet({ legs: [{ ...leg, ...changes } as never] });
const without = (key: string) =>
  Object.fromEntries(Object.entries(sportBet()).filter(([name]) => name !== key));

describe('the sportsbook replies checked without zod agree with the contract', () => {
  it('a list of bets', () => {
    agree(
      checks.sportBetsReply as Check<unknown>,
      contract.sportBetsReply,
      [{ items: [] }, { items: [sportBet({ cashout: 150.25 }), system, settled, { ...settled, extra: 1 }] }],
      [
        { items: [sportBet({ kind: 'parlay' as never })] },
        { items: [sportBet({ status: 'pending' as never })] },
        { items: [sportBet({ currency: 'GBP' as never })] },
        { items: [sportBet({ id: 1.5 })] },
        { items: [sportBet({ cashout: '10' as never })] },
        { items: [without('potential_payout')] },
        { items: [withLeg({ sport: 'cricket' })] },
        { items: [withLeg({ market_key: 'corners' })] },
        { items: [withLeg({ code: 'draw' })] },
        { items: [withLeg({ result: 'half_won' })] },
        { items: [withLeg({ period: 1.5 })] },
        { items: [withLeg({ odds: null })] },
        {},
        null,
      ],
    );
  });

  it('a placed or cashed-out bet with the balance', () => {
    agree(
      checks.sportBetReply as Check<unknown>,
      contract.sportBetReply,
      [
        { bet: sportBet(), balance: 900 },
        { bet: system, balance: 0 },
      ],
      [{ bet: sportBet() }, { bet: sportBet(), balance: '900' }, { balance: 900 }],
    );
  });

  it('the stake limits', () => {
    agree(
      checks.sportsLimitsReply as Check<unknown>,
      contract.sportsLimitsReply,
      [sportsLimits, { ...sportsLimits, currency: 'KZT', extra: true }],
      [
        { ...sportsLimits, currency: 'XXX' },
        { ...sportsLimits, min_stake: '10' },
        Object.fromEntries(Object.entries(sportsLimits).filter(([key]) => key !== 'max_payout')),
      ],
    );
  });
});
