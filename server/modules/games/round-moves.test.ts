/**
 * Moves of the stateful rounds carry their step: a double submit plays once and answers the same round;
 * a hilo round holds at most HILO_MAX_CARDS cards.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HILO_MAX_CARDS, hiloCard, hiloWins, minerMines, type Seeds } from '@/lib/fair';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { api, cashBalance, key, newPlayer, type Player } from './testing';

const { app, db } = await createTestApp();

async function seedsOf(player: Player, bet: { client_seed: string; nonce: number }): Promise<Seeds> {
  const pair = await db.query.fairSeedPairs.findFirst({
    where: (t, { and, eq }) => and(eq(t.userId, player.id), eq(t.active, true)),
  });
  return { serverSeed: pair!.serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce };
}

const winsOf = async (betId: number) =>
  (
    await db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `game-bet:${betId}`))
  )[0].n;

/** The guess that wins on card `index` of the round (higher when both would). */
const winningGuess = (seeds: Seeds, index: number) =>
  hiloWins(hiloCard(seeds, index - 1).rank, hiloCard(seeds, index).rank, 'higher') ? 'higher' : 'lower';

describe('hilo moves', () => {
  it('a guess, a skip and a cash-out submitted twice at once are each played once', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/hilo/start', { amount: 10, idempotency_key: key() })).json();
    const seeds = await seedsOf(player, bet);

    const guess = { guess: winningGuess(seeds, 1), step: 0 };
    const [a, b] = await Promise.all([
      p.post(`/hilo/${bet.id}/guess`, guess),
      p.post(`/hilo/${bet.id}/guess`, guess),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().bet.outcome.cards).toHaveLength(2);

    const skip = { guess: 'skip', step: 1 };
    const [c, d] = await Promise.all([
      p.post(`/hilo/${bet.id}/guess`, skip),
      p.post(`/hilo/${bet.id}/guess`, skip),
    ]);
    expect(c.json()).toEqual(d.json());
    expect(c.json().bet.outcome.cards).toHaveLength(3);
    // Sent again later (a retry after a lost answer): the same round, nothing drawn.
    expect((await p.post(`/hilo/${bet.id}/guess`, skip)).json()).toEqual(c.json());

    const [e, f] = await Promise.all([
      p.post(`/hilo/${bet.id}/cashout`, { step: 2 }),
      p.post(`/hilo/${bet.id}/cashout`, { step: 2 }),
    ]);
    expect([e.statusCode, f.statusCode]).toEqual([200, 200]);
    expect(e.json()).toEqual(f.json());
    expect(e.json().bet.status).toBe('cashed_out');
    const balance = e.json().balance;
    expect(await cashBalance(app, player.token)).toBe(balance);
    expect(balance).toBeCloseTo(90 + e.json().bet.payout, 10);
    expect(await winsOf(bet.id)).toBe(2); // the stake and one win
    await assertLedgerInvariants(db);
  });

  it('a move at a step the round has left is a 422 on step and plays nothing', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/hilo/start', { amount: 10, idempotency_key: key() })).json();
    expect((await p.post(`/hilo/${bet.id}/guess`, { guess: 'skip', step: 0 })).statusCode).toBe(200);
    for (const body of [
      { guess: 'higher', step: 0 }, // another move at an old step
      { guess: 'skip', step: 5 }, // a step the round has not reached
    ]) {
      const stale = await p.post(`/hilo/${bet.id}/guess`, body);
      expect(stale.statusCode).toBe(422);
      expect(stale.json().errors.step[0]).toMatch(/^stale: /);
    }
    expect((await p.post(`/hilo/${bet.id}/cashout`, { step: 0 })).json().errors.step[0]).toMatch(/^stale: /);
    expect((await p.post(`/hilo/${bet.id}/guess`, { guess: 'skip' })).statusCode).toBe(422);
    expect((await p.get('/hilo/active')).json().bet.outcome.cards).toHaveLength(2);
  });

  it(`holds at most ${HILO_MAX_CARDS} cards: then a skip is refused, a guess or a cash-out is not`, async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/hilo/start', { amount: 10, idempotency_key: key() })).json();
    const seeds = await seedsOf(player, bet);
    expect(
      (await p.post(`/hilo/${bet.id}/guess`, { guess: winningGuess(seeds, 1), step: 0 })).statusCode,
    ).toBe(200);
    let round = bet;
    for (let step = 1; step < HILO_MAX_CARDS - 2; step += 1) {
      const reply = await p.post(`/hilo/${bet.id}/guess`, { guess: 'skip', step });
      expect(reply.statusCode, reply.body).toBe(200);
      round = reply.json().bet;
    }
    expect(round.outcome.cards).toHaveLength(HILO_MAX_CARDS - 1);
    const refused = await p.post(`/hilo/${bet.id}/guess`, { guess: 'skip', step: HILO_MAX_CARDS - 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.guess[0]).toMatch(/^card_limit: /);
    const cashout = await p.post(`/hilo/${bet.id}/cashout`, { step: HILO_MAX_CARDS - 2 });
    expect(cashout.statusCode, cashout.body).toBe(200);
    expect(cashout.json().bet).toMatchObject({ status: 'cashed_out' });
    expect(cashout.json().bet.outcome.cards).toHaveLength(HILO_MAX_CARDS - 1);
    await assertLedgerInvariants(db);
  });

  it('a winning guess that draws the last card cashes the round out by itself', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/hilo/start', { amount: 10, idempotency_key: key() })).json();
    const seeds = await seedsOf(player, bet);
    for (let step = 0; step < HILO_MAX_CARDS - 2; step += 1) {
      expect((await p.post(`/hilo/${bet.id}/guess`, { guess: 'skip', step })).statusCode).toBe(200);
    }
    const last = HILO_MAX_CARDS - 1;
    const reply = await p.post(`/hilo/${bet.id}/guess`, { guess: winningGuess(seeds, last), step: last - 1 });
    expect(reply.statusCode, reply.body).toBe(200);
    const { bet: ended, balance } = reply.json();
    expect(ended.status).toBe('cashed_out');
    expect(ended.outcome.cards).toHaveLength(HILO_MAX_CARDS);
    expect(ended.payout).toBeGreaterThan(0);
    expect(balance).toBeCloseTo(90 + ended.payout, 10);
    expect((await p.get('/hilo/active')).json()).toEqual({ bet: null });
    await assertLedgerInvariants(db);
  });
});

describe('miner moves', () => {
  it('a reveal and a cash-out submitted twice at once are each played once', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/miner/start', { amount: 10, mines: 3, idempotency_key: key() })).json();
    const mines = minerMines(await seedsOf(player, bet), 3);
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t));

    const reveal = { tile: safe[0], step: 0 };
    const [a, b] = await Promise.all([
      p.post(`/miner/${bet.id}/reveal`, reveal),
      p.post(`/miner/${bet.id}/reveal`, reveal),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().bet.outcome.revealed).toEqual([safe[0]]);
    // Another tile at the same step is stale; the same tile at the next step is already open.
    expect(
      (await p.post(`/miner/${bet.id}/reveal`, { tile: safe[1], step: 0 })).json().errors.step[0],
    ).toMatch(/^stale: /);
    expect(
      (await p.post(`/miner/${bet.id}/reveal`, { tile: safe[0], step: 1 })).json().errors.tile[0],
    ).toMatch(/^already_revealed/);

    const [c, d] = await Promise.all([
      p.post(`/miner/${bet.id}/cashout`, { step: 1 }),
      p.post(`/miner/${bet.id}/cashout`, { step: 1 }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(c.json()).toEqual(d.json());
    expect(c.json().bet.status).toBe('cashed_out');
    expect(await cashBalance(app, player.token)).toBe(c.json().balance);
    expect(await winsOf(bet.id)).toBe(2);
    await assertLedgerInvariants(db);
  });

  it('a reveal that hit a mine, sent again, answers the lost round', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/miner/start', { amount: 10, mines: 5, idempotency_key: key() })).json();
    const mines = minerMines(await seedsOf(player, bet), 5);
    const first = await p.post(`/miner/${bet.id}/reveal`, { tile: mines[0], step: 0 });
    expect(first.json().bet.status).toBe('lost');
    const again = await p.post(`/miner/${bet.id}/reveal`, { tile: mines[0], step: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(
      (await p.post(`/miner/${bet.id}/reveal`, { tile: mines[1], step: 1 })).json().errors.round[0],
    ).toMatch(/^round_ended/);
  });
});
