import { describe, expect, it } from 'vitest';
import { rotateSeedReply, seedPair } from '@/lib/contracts/games';
import { sha256Hex } from '@/lib/fair';
import { createTestApp } from '../../test/helpers';
import { api, key, newPlayer } from '../games/testing';

const { app, db } = await createTestApp();

describe('seed pair calls', () => {
  it('creates the pair on first use and keeps it; the server seed stays hidden', async () => {
    const player = await newPlayer(app, db);
    const p = api(app, player.token);
    const first = await p.get('/fair/seed');
    expect(first.statusCode).toBe(200);
    const pair = seedPair.parse(first.json());
    expect(pair.nonce).toBe(0);
    expect(pair.client_seed).toMatch(/^[0-9a-f]{16}$/);
    expect(Object.keys(first.json()).sort()).toEqual(['client_seed', 'nonce', 'server_seed_hash']);
    expect((await p.get('/fair/seed')).json()).toEqual(pair);
    const stored = await db.query.fairSeedPairs.findFirst({ where: (t, { eq }) => eq(t.userId, player.id) });
    expect(sha256Hex(stored!.serverSeed)).toBe(pair.server_seed_hash);
    expect(stored!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the client seed, keeping the server seed and the nonce; refuses bad seeds', async () => {
    const player = await newPlayer(app, db, 10);
    const p = api(app, player.token);
    await p.post('/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: key() });
    const before = (await p.get('/fair/seed')).json();
    const changed = await p.put('/fair/seed/client', { client_seed: 'my lucky seed' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...before, client_seed: 'my lucky seed' });
    const next = (await p.post('/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: key() })).json()
      .bet;
    expect(next).toMatchObject({ client_seed: 'my lucky seed', nonce: 1 });
    for (const bad of ['', ' padded', 'x'.repeat(65), 'tab\there', 'юникод']) {
      const response = await p.put('/fair/seed/client', { client_seed: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['client_seed']);
    }
  });

  it('rotates: reveals the old server seed, starts at nonce 0 with the given or the same client seed', async () => {
    const player = await newPlayer(app, db, 10);
    const p = api(app, player.token);
    await p.post('/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: key() });
    const before = (await p.get('/fair/seed')).json();
    const rotated = await app.inject({
      method: 'POST',
      url: '/fair/seed/rotate',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const reply = rotateSeedReply.parse(rotated.json());
    expect(reply.previous).toMatchObject({ ...before });
    expect(sha256Hex(reply.previous.server_seed)).toBe(before.server_seed_hash);
    expect(reply.current).toMatchObject({ client_seed: before.client_seed, nonce: 0 });
    expect((await p.get('/fair/seed')).json()).toEqual(reply.current);
    const withSeed = (await p.post('/fair/seed/rotate', { client_seed: 'fresh' })).json();
    expect(withSeed.current).toMatchObject({ client_seed: 'fresh', nonce: 0 });
    expect(withSeed.previous.server_seed_hash).toBe(reply.current.server_seed_hash);
    const pairs = await db.query.fairSeedPairs.findMany({ where: (t, { eq }) => eq(t.userId, player.id) });
    expect(pairs.filter((pair) => pair.active)).toHaveLength(1);
    expect(pairs.filter((pair) => pair.revealedAt !== null)).toHaveLength(2);
  });

  it('refuses a client seed change and a rotation while a miner or hilo round is open', async () => {
    const player = await newPlayer(app, db, 10);
    const p = api(app, player.token);
    const { bet } = (await p.post('/hilo/start', { amount: 1, idempotency_key: key() })).json();
    for (const response of [
      await p.put('/fair/seed/client', { client_seed: 'abc' }),
      await p.post('/fair/seed/rotate', {}),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.seed[0]).toMatch(/^round_open: /);
    }
    // Ending the round (a loss via guesses until one fails, or simply a guess) frees the pair again.
    let status = 'open';
    while (status === 'open') {
      status = (await p.post(`/hilo/${bet.id}/guess`, { guess: 'higher', step: 0 })).json().bet.status;
      if (status === 'open') {
        const cash = await p.post(`/hilo/${bet.id}/cashout`, { step: 1 });
        status = cash.json().bet.status;
      }
    }
    expect((await p.post('/fair/seed/rotate', {})).statusCode).toBe(200);
  });
});
