import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytes, drawFromPool, floats, newServerSeed, roundBytes, sha256Hex, type Seeds } from './random';

/**
 * Known answers. The expected values were computed outside this module, with Node's own `crypto.createHmac`
 * (the Stake scheme written out by hand in /tmp while designing; the `independent` helper below redoes it)
 * and are written here literally, so a change of the scheme fails these tests.
 */
const SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};

function independentFloats(seeds: Seeds, count: number): number[] {
  let stream = Buffer.alloc(0);
  for (let round = 0; stream.length < count * 4; round += 1) {
    const block = createHmac('sha256', Buffer.from(seeds.serverSeed, 'utf8'))
      .update(`${seeds.clientSeed}:${seeds.nonce}:${round}`)
      .digest();
    stream = Buffer.concat([stream, block]);
  }
  return Array.from({ length: count }, (_, i) => {
    const [b0, b1, b2, b3] = stream.subarray(i * 4, i * 4 + 4);
    return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
  });
}

describe('the random source', () => {
  it('commits to a server seed with SHA-256 of its text', () => {
    expect(sha256Hex(SEEDS.serverSeed)).toBe(
      'b99013e30d16485961874e083a37853900d0d291644b53a290fb1ea4901d6231',
    );
  });

  it('takes HMAC-SHA256(server seed, "client:nonce:round") as the bytes of a round', () => {
    expect(Buffer.from(roundBytes(SEEDS, 0)).toString('hex')).toBe(
      '1cffdaa6c445eaefc64c8f8c9b0ed2a540b36da644fa95d6997e8d496ed91633',
    );
  });

  it('makes a float of every 4 bytes: b0/256 + b1/256² + b2/256³ + b3/256⁴', () => {
    // 0x1c 0xff 0xda 0xa6, by hand:
    expect(floats(SEEDS, 1)[0]).toBe(0x1c / 256 + 0xff / 256 ** 2 + 0xda / 256 ** 3 + 0xa6 / 256 ** 4);
    expect(floats(SEEDS, 3)).toEqual([0.11327902367338538, 0.7666918595787138, 0.774605724029243]);
    expect(floats({ ...SEEDS, nonce: 42 }, 2)).toEqual([0.9435417160857469, 0.8618208477273583]);
  });

  it('moves to the next round after 8 floats', () => {
    const ten = floats({ ...SEEDS, nonce: 1 }, 10);
    expect(ten[8]).toBe(0.11759702046401799);
    expect(ten[9]).toBe(0.4124300912953913);
    const round1 = roundBytes({ ...SEEDS, nonce: 1 }, 1);
    expect(ten[8]).toBe(round1[0] / 256 + round1[1] / 256 ** 2 + round1[2] / 256 ** 3 + round1[3] / 256 ** 4);
    // A cursor inside the stream reads the same bytes.
    expect(Array.from(bytes(SEEDS, 8, 30))).toEqual(Array.from(bytes(SEEDS, 40)).slice(30, 38));
  });

  it('agrees with an independent implementation for many nonces and 24 floats', () => {
    for (const nonce of [0, 1, 2, 7, 99, 1000, 123456]) {
      for (const clientSeed of ['a', 'lucky-player', 'Ω unicode ✓']) {
        const seeds = { ...SEEDS, clientSeed, nonce };
        expect(floats(seeds, 24)).toEqual(independentFloats(seeds, 24));
      }
    }
  });

  it('draws from a pool without putting back', () => {
    const drawn = drawFromPool(SEEDS, [1, 2, 3, 4, 5], 5);
    expect([...drawn].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('makes fresh server seeds of 64 hex characters', () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
  });
});
