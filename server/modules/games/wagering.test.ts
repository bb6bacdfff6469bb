/**
 * Bets count towards an active bonus by the wagering rules of lib/bonuses/wagering.ts: the game's weight,
 * nothing for a bet too likely to win or a roulette spin that hedges itself; rounds when they end.
 */
import { describe, expect, it } from 'vitest';
import { minerMines } from '@/lib/fair';
import { seedDatabase } from '../../db/seed';
import { profile, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { api, key } from './testing';

const { app, db } = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
await seedDatabase(db);

/** A player with the WELCOME100 bonus active (1 000 to wager ×35) and 1 000 of cash. */
async function playerWithBonus() {
  const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
  await deposit(app, token, 1_000);
  const p = api(app, token);
  const userId = (await profile(app, token)).json().user.id as number;
  const wagered = async () => {
    const { items } = (await p.get('/bonus-system/bonus-activations')).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'active', wager_required: 35_000 });
    return items[0].wagered as number;
  };
  return { p, wagered, userId };
}

describe('bets count towards the bonus by the wagering rules', () => {
  it('a 98 % dice bet counts nothing; a 50 % dice bet counts 20 % of its stake', async () => {
    const { p, wagered } = await playerWithBonus();
    const safe = await p.post('/dice/bet', {
      amount: 100,
      target: 1.99,
      direction: 'over',
      idempotency_key: key(),
    });
    expect(safe.statusCode, safe.body).toBe(200);
    expect(await wagered()).toBe(0);
    const evenBet = { amount: 100, target: 50, direction: 'under', idempotency_key: key() };
    const even = await p.post('/dice/bet', evenBet);
    expect(even.statusCode, even.body).toBe(200);
    expect(await wagered()).toBe(20);
    // A replay of the same bet counts nothing more.
    expect((await p.post('/dice/bet', evenBet)).json().bet.id).toBe(even.json().bet.id);
    expect(await wagered()).toBe(20);
    await assertLedgerInvariants(db);
  });

  it('a roulette spin on red and black counts nothing; red alone counts 50 %', async () => {
    const { p, wagered } = await playerWithBonus();
    const hedged = await p.post('/roulette/bet', {
      chips: [
        { type: 'red', amount: 50 },
        { type: 'black', amount: 50 },
      ],
      idempotency_key: key(),
    });
    expect(hedged.statusCode, hedged.body).toBe(200);
    expect(await wagered()).toBe(0);
    const red = await p.post('/roulette/bet', {
      chips: [{ type: 'red', amount: 100 }],
      idempotency_key: key(),
    });
    expect(red.statusCode, red.body).toBe(200);
    expect(await wagered()).toBe(50);
  });

  it('a miner round counts when it ends, by the chance of the tiles it opened', async () => {
    const { p, wagered, userId } = await playerWithBonus();
    const minesOf = async (bet: { client_seed: string; nonce: number }, count: number) => {
      const pair = await db.query.fairSeedPairs.findFirst({
        where: (t, { and, eq }) => and(eq(t.userId, userId), eq(t.active, true)),
      });
      return minerMines(
        { serverSeed: pair!.serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce },
        count,
      );
    };
    const safeTiles = (mines: number[]) =>
      Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t));

    // Three mines, five safe tiles (a 49.6 % chance): nothing at the start, 20 % of 100 at the cash-out.
    const round = (await p.post('/miner/start', { amount: 100, mines: 3, idempotency_key: key() })).json()
      .bet;
    const safe = safeTiles(await minesOf(round, 3));
    for (let step = 0; step < 5; step += 1) {
      expect((await p.post(`/miner/${round.id}/reveal`, { tile: safe[step], step })).statusCode).toBe(200);
      expect(await wagered()).toBe(0);
    }
    expect((await p.post(`/miner/${round.id}/cashout`, { step: 5 })).json().bet.status).toBe('cashed_out');
    expect(await wagered()).toBe(20);

    // One mine, one safe tile (96 %): nothing.
    const easy = (await p.post('/miner/start', { amount: 100, mines: 1, idempotency_key: key() })).json().bet;
    const [tile] = safeTiles(await minesOf(easy, 1));
    expect((await p.post(`/miner/${easy.id}/reveal`, { tile, step: 0 })).statusCode).toBe(200);
    expect((await p.post(`/miner/${easy.id}/cashout`, { step: 1 })).json().bet.status).toBe('cashed_out');
    expect(await wagered()).toBe(20);

    // Lost on a mine at the second tile: the chance of the two tiles played (77 %) counts.
    const lost = (await p.post('/miner/start', { amount: 100, mines: 3, idempotency_key: key() })).json().bet;
    const lostMines = await minesOf(lost, 3);
    const [first] = safeTiles(lostMines);
    expect((await p.post(`/miner/${lost.id}/reveal`, { tile: first, step: 0 })).statusCode).toBe(200);
    const hit = (await p.post(`/miner/${lost.id}/reveal`, { tile: lostMines[0], step: 1 })).json().bet;
    expect(hit.status).toBe('lost');
    expect(await wagered()).toBe(40);
    await assertLedgerInvariants(db);
  });
});
