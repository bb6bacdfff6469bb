import { describe, expect, it } from 'vitest';
import {
  isRoomSeed,
  parseRoomStakesMessage,
  roomDraw,
  roomSeedHash,
  roomStakesMessage,
  roomTicketFromDigest,
  roomTicketRanges,
  roomWinnerIndex,
  type RoomDrawStake,
} from './rooms';

const stake = (id: number, userId: number, amountMinor: number): RoomDrawStake => ({
  id,
  userId,
  amountMinor: BigInt(amountMinor),
});

/*
 * Known answers computed outside this code, with the OpenSSL command line:
 *   printf '%s' "$SEED" | sha256sum
 *   printf '%s' "$MESSAGE" | openssl dgst -sha256 -hmac "$SEED"
 * and the ticket as ⌊int(first 13 hex digits) × pot / 2^52⌋ in Python.
 */
const SEED_A = 'a'.repeat(64);
const SEED_B = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED_F = 'f'.repeat(64);

describe('the rooms draw (lib/fair/rooms)', () => {
  it('commits to the seed as the SHA-256 of its hex text', () => {
    expect(roomSeedHash(SEED_A)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    expect(roomSeedHash(SEED_B)).toBe('6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b');
  });

  it('writes the stakes in order as id:user:minor joined by commas', () => {
    expect(roomStakesMessage([stake(41, 3, 100), stake(42, 5, 10_000), stake(43, 3, 250)])).toBe(
      '41:3:100,42:5:10000,43:3:250',
    );
  });

  it('matches the known answers: HMAC, ticket and winner', () => {
    const one = roomDraw(SEED_A, [stake(1, 7, 500), stake(2, 9, 1_500)]);
    expect(one.message).toBe('1:7:500,2:9:1500');
    expect(one.hmac).toBe('77554487ed390f2d2911afb3dcc157523ad4da6d5daf120ff6b2c7be5c767c0d');
    expect(one.potMinor).toBe(2_000n);
    expect(one.ticket).toBe(932n);
    expect(one.winnerIndex).toBe(1);

    const two = roomDraw(SEED_B, [stake(41, 3, 100), stake(42, 5, 10_000), stake(43, 3, 250)]);
    expect(two.hmac).toBe('18d2425ad556b5914d6656fb08703e8fb68c432eb21b97762bfcfe6305109b6d');
    expect(two.ticket).toBe(1_003n);
    expect(two.winnerIndex).toBe(1);

    const three = roomDraw(SEED_F, [stake(5, 1, 300), stake(6, 2, 100)]);
    expect(three.hmac).toBe('1c81abce56e0162782b75929d636001538b189a2e42d33a68d8cecca4bb2d561');
    expect(three.ticket).toBe(44n);
    expect(three.winnerIndex).toBe(0);

    // The order of the stakes is part of the message: the same amounts the other way round draw anew.
    const four = roomDraw(SEED_F, [stake(5, 1, 100), stake(6, 2, 300)]);
    expect(four.hmac).toBe('05ca07d96f64e3edd9c59a513596aa5d43b670e46c62427ce3f2e3568374c1b1');
    expect(four.ticket).toBe(9n);
    expect(four.winnerIndex).toBe(0);
  });

  it('takes the first 52 bits exactly, so the ticket is always inside the pot', () => {
    expect(roomTicketFromDigest(new Uint8Array(32).fill(0), 1_000n)).toBe(0n);
    expect(roomTicketFromDigest(new Uint8Array(32).fill(0xff), 1_000n)).toBe(999n);
    // r = 2^51 (the 52-bit value 0x8000000000000): exactly half of the pot.
    const half = new Uint8Array(32);
    half[0] = 0x80;
    expect(roomTicketFromDigest(half, 1_000n)).toBe(500n);
    // Bits past the 52nd do not count.
    const low = new Uint8Array(32);
    low[6] = 0x0f;
    expect(roomTicketFromDigest(low, 2n ** 52n)).toBe(0n);
  });

  it('gives each stake the tickets [from, to) after the ones before it', () => {
    const stakes = [stake(1, 1, 100), stake(2, 2, 50), stake(3, 1, 1)];
    expect(roomTicketRanges(stakes)).toEqual([
      { from: 0n, to: 100n },
      { from: 100n, to: 150n },
      { from: 150n, to: 151n },
    ]);
    expect(roomWinnerIndex(stakes, 99n)).toBe(0);
    expect(roomWinnerIndex(stakes, 100n)).toBe(1);
    expect(roomWinnerIndex(stakes, 150n)).toBe(2);
    expect(() => roomWinnerIndex(stakes, 151n)).toThrow();
  });

  it('reads a typed stakes message back, spaces allowed, and refuses anything else', () => {
    expect(parseRoomStakesMessage('41:3:100, 42:5:10000,43:3:250')).toEqual([
      stake(41, 3, 100),
      stake(42, 5, 10_000),
      stake(43, 3, 250),
    ]);
    for (const bad of ['', '1:2', '1:2:0', '1:2:3,', 'a:2:3', '1:2:3.5'])
      expect(parseRoomStakesMessage(bad)).toBeNull();
  });

  it('refuses a seed that is not 64 lowercase hex characters, and empty or non-positive stakes', () => {
    expect(isRoomSeed(SEED_B)).toBe(true);
    expect(isRoomSeed(SEED_B.toUpperCase())).toBe(false);
    expect(() => roomDraw('abc', [stake(1, 1, 1)])).toThrow();
    expect(() => roomDraw(SEED_A, [])).toThrow();
    expect(() => roomDraw(SEED_A, [stake(1, 1, 0)])).toThrow();
  });

  it('lets each stake win in proportion to its amount (20,000 seeds, within 99 % bounds)', () => {
    const draws = 20_000;
    const stakes = [stake(1, 1, 100), stake(2, 2, 300)];
    let first = 0;
    for (let i = 0; i < draws; i += 1) {
      const seed = i.toString(16).padStart(64, '0');
      if (roomDraw(seed, stakes).winnerIndex === 0) first += 1;
    }
    // p = 0.25: σ = √(n p (1 − p)) ≈ 61; 2.576 σ ≈ 158.
    expect(Math.abs(first - draws * 0.25)).toBeLessThan(158);
  });
});
