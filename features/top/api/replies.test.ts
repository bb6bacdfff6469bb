import { describe, it } from 'vitest';
import type { Check } from '@/lib/api/check';
import * as contract from '@/lib/contracts/top';
import { topRow } from '@/tests/mocks/top-handlers';
import { agree } from '@/tests/utils/agree-with-contract';
import * as checks from './replies';

const with_ = <T extends object>(value: T, changes: Record<string, unknown>) => ({ ...value, ...changes });

describe('the top reply checked without zod agrees with the contract', () => {
  it('a board', () => {
    const row = topRow(1);
    const reply = { board: 'wins', period: 'day', rows: [row] };
    agree(
      checks.topReply as Check<unknown>,
      contract.topReply,
      [
        reply,
        with_(reply, { rows: [] }),
        with_(reply, {
          board: 'wagered',
          rows: [with_(row, { game: null, payout: null, multiplier: null, at: null, player: null })],
        }),
      ],
      [
        with_(reply, { board: 'losses' }),
        with_(reply, { period: 'month' }),
        with_(reply, { rows: [with_(row, { place: 0 })] }),
        with_(reply, { rows: [with_(row, { currency: 'BTC' })] }),
        with_(reply, { rows: [with_(row, { amount: '1' })] }),
      ],
    );
  });
});
