import { describe, expect, it } from 'vitest';
import { checkRoomRound, roundStakesMessage } from './room-verify';

// The known answers of lib/fair/rooms.test.ts (computed there with OpenSSL).
const SEED_B = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const HASH_B = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';

describe('the rooms verifier with Web Crypto', () => {
  it('agrees with the known answers: the seed hash, the HMAC, the ticket and the winning stake', async () => {
    const check = await checkRoomRound({
      seed: SEED_B,
      seedHash: HASH_B,
      stakes: '41:3:100, 42:5:10000,43:3:250',
    });
    expect(check).toMatchObject({
      kind: 'checked',
      seedHash: HASH_B,
      hashMatches: true,
      message: '41:3:100,42:5:10000,43:3:250',
      hmac: '18d2425ad556b5914d6656fb08703e8fb68c432eb21b97762bfcfe6305109b6d',
      potMinor: 10_350n,
      ticket: 1_003n,
      winnerIndex: 1,
      winner: { id: 42, userId: 5, amountMinor: 10_000n },
    });
  });

  it('says when the seed is not the one published, and refuses malformed fields', async () => {
    const other = await checkRoomRound({
      seed: 'a'.repeat(64),
      seedHash: HASH_B,
      stakes: '1:7:500,2:9:1500',
    });
    expect(other).toMatchObject({ kind: 'checked', hashMatches: false, ticket: 932n, winnerIndex: 1 });
    expect(await checkRoomRound({ seed: 'xyz', stakes: '1:1:1' })).toEqual({
      kind: 'invalid',
      field: 'seed',
    });
    expect(await checkRoomRound({ seed: SEED_B, stakes: '1:1' })).toEqual({
      kind: 'invalid',
      field: 'stakes',
    });
  });

  it("writes a round's stakes as the draw's message, in minor units", () => {
    expect(
      roundStakesMessage({
        stakes: [
          { id: 1, user_id: 7, player: 'A', amount: 5, created_at: '' },
          { id: 2, user_id: 9, player: 'Hidden', amount: 0.29, created_at: '' },
        ],
      }),
    ).toBe('1:7:500,2:9:29');
  });
});
