import { describe, expect, it } from 'vitest';
import { betReply } from '@/lib/contracts/games';
import {
  hiloCard,
  hiloMultiplier,
  hiloWinningRanks,
  hiloWins,
  minerMines,
  minerMultiplier,
  payoutMinor,
} from '@/lib/fair';
import { buildApp } from '../../app';
import { createTestApp, testConfig } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { api, cashBalance, key, newPlayer } from './testing';

const { app, db } = await createTestApp();

/** The server seed of the player's active pair (the tests peek at it to play knowingly). */
async function activeSeeds(userId: number) {
  const pair = await db.query.fairSeedPairs.findFirst({
    where: (t, { and, eq }) => and(eq(t.userId, userId), eq(t.active, true)),
  });
  return pair!;
}

describe('miner', () => {
  it('reveals safe tiles without showing the mines, cashes out the multiplier of spec, then refuses', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const start = await p.post('/miner/start', { amount: 10, mines: 3, idempotency_key: key() });
    expect(start.statusCode, start.body).toBe(200);
    const { bet } = betReply.parse(start.json());
    expect(bet).toMatchObject({ game: 'miner', status: 'open', amount: 10, payout: 0, multiplier: 1 });
    expect(bet.outcome).toEqual({
      mines_count: 3,
      revealed: [],
      mines: null,
      multiplier: 1,
      next_multiplier: minerMultiplier(3, 1),
    });
    expect(start.json().balance).toBe(90);
    expect(JSON.stringify(start.json())).not.toMatch(/server_seed":"[0-9a-f]/);

    const pair = await activeSeeds(player.id);
    const mines = minerMines(
      { serverSeed: pair.serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce },
      3,
    );
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t));

    expect((await p.post(`/miner/${bet.id}/cashout`, { step: 0 })).json().errors.round[0]).toMatch(
      /^nothing_to_cash_out/,
    );
    for (const [i, tile] of safe.slice(0, 2).entries()) {
      const reveal = await p.post(`/miner/${bet.id}/reveal`, { tile, step: i });
      expect(reveal.statusCode, reveal.body).toBe(200);
      expect(reveal.json().bet.outcome).toMatchObject({ revealed: safe.slice(0, i + 1), mines: null });
      expect(reveal.json().bet.multiplier).toBe(minerMultiplier(3, i + 1));
    }
    const twice = await p.post(`/miner/${bet.id}/reveal`, { tile: safe[0], step: 2 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.tile[0]).toMatch(/^already_revealed/);
    expect((await p.get('/miner/active')).json().bet.id).toBe(bet.id);
    expect((await p.post('/fair/seed/rotate', {})).statusCode).toBe(422);

    const cashout = await p.post(`/miner/${bet.id}/cashout`, { step: 2 });
    expect(cashout.statusCode, cashout.body).toBe(200);
    const payout = Number(payoutMinor(1000, minerMultiplier(3, 2))) / 100;
    expect(cashout.json().bet).toMatchObject({
      status: 'cashed_out',
      payout,
      multiplier: minerMultiplier(3, 2),
    });
    expect([...cashout.json().bet.outcome.mines].sort()).toEqual([...mines].sort());
    expect(cashout.json().balance).toBeCloseTo(90 + payout, 10);
    expect(await cashBalance(app, player.token)).toBeCloseTo(90 + payout, 10);

    const after = await p.post(`/miner/${bet.id}/cashout`, { step: 3 });
    expect(after.statusCode).toBe(422);
    expect(after.json().errors.round[0]).toMatch(/^round_ended/);
    expect((await p.post(`/miner/${bet.id}/reveal`, { tile: safe[3], step: 2 })).statusCode).toBe(422);
    expect((await p.get('/miner/active')).json()).toEqual({ bet: null });
    await assertLedgerInvariants(db);
  });

  it('a mine ends the round lost with no credit; one open round per game; foreign rounds are 404', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const { bet } = (await p.post('/miner/start', { amount: 5, mines: 24, idempotency_key: key() })).json();
    const again = await p.post('/miner/start', { amount: 5, mines: 3, idempotency_key: key() });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.round[0]).toMatch(/^round_open/);
    const other = await newPlayer(app, db, 10);
    expect(
      (await api(app, other.token).post(`/miner/${bet.id}/reveal`, { tile: 0, step: 0 })).statusCode,
    ).toBe(404);

    const pair = await activeSeeds(player.id);
    const mines = minerMines(
      { serverSeed: pair.serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce },
      24,
    );
    const lost = await p.post(`/miner/${bet.id}/reveal`, { tile: mines[0], step: 0 });
    expect(lost.json().bet).toMatchObject({ status: 'lost', payout: 0, multiplier: 0 });
    expect(lost.json().bet.outcome.mines).toEqual(mines);
    expect(lost.json().balance).toBe(95);
    // The only safe tile of a 24-mine round would have cashed out by itself: start another and clear it.
    const next = (await p.post('/miner/start', { amount: 5, mines: 24, idempotency_key: key() })).json().bet;
    const pair2 = await activeSeeds(player.id);
    const mines2 = minerMines(
      { serverSeed: pair2.serverSeed, clientSeed: next.client_seed, nonce: next.nonce },
      24,
    );
    const safeTile = Array.from({ length: 25 }, (_, t) => t).find((t) => !mines2.includes(t))!;
    const cleared = await p.post(`/miner/${next.id}/reveal`, { tile: safeTile, step: 0 });
    expect(cleared.json().bet).toMatchObject({ status: 'cashed_out', multiplier: minerMultiplier(24, 1) });
    expect(cleared.json().bet.payout).toBe(Number(payoutMinor(500, minerMultiplier(24, 1))) / 100);
    await assertLedgerInvariants(db);
  });

  it('survives a server restart: a new app on the same database continues the round', async () => {
    // An app of its own to stop (the file's app serves the other tests, in whatever order they run).
    const before = buildApp({ db, config: testConfig(), logger: false });
    await before.ready();
    const player = await newPlayer(before, db, 100);
    const { bet } = (
      await api(before, player.token).post('/miner/start', { amount: 2, mines: 5, idempotency_key: key() })
    ).json();
    const pair = await activeSeeds(player.id);
    const mines = minerMines(
      { serverSeed: pair.serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce },
      5,
    );
    const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t));
    await api(before, player.token).post(`/miner/${bet.id}/reveal`, { tile: safe[0], step: 0 });
    await before.close();

    const restarted = buildApp({ db, config: testConfig(), logger: false });
    await restarted.ready();
    try {
      const p = api(restarted, player.token);
      const active = (await p.get('/miner/active')).json().bet;
      expect(active).toMatchObject({ id: bet.id, status: 'open' });
      expect(active.outcome.revealed).toEqual([safe[0]]);
      expect(active.outcome.mines).toBeNull();
      expect(
        (await p.post(`/miner/${bet.id}/reveal`, { tile: safe[1], step: 1 })).json().bet.outcome.revealed,
      ).toEqual(safe.slice(0, 2));
      const cashout = await p.post(`/miner/${bet.id}/cashout`, { step: 2 });
      expect(cashout.json().bet).toMatchObject({ status: 'cashed_out', multiplier: minerMultiplier(5, 2) });
      await assertLedgerInvariants(db);
    } finally {
      await restarted.close();
    }
  });
});

describe('hilo', () => {
  it('plays guesses with the multipliers of lib/fair, hides future cards, cashes out once', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const start = await p.post('/hilo/start', { amount: 10, idempotency_key: key() });
    expect(start.statusCode, start.body).toBe(200);
    const bet = start.json().bet;
    const pair = await db.query.fairSeedPairs.findFirst({
      where: (t, { and, eq }) => and(eq(t.userId, player.id), eq(t.active, true)),
    });
    const seeds = { serverSeed: pair!.serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce };
    const first = hiloCard(seeds, 0);
    expect(bet.outcome.cards).toEqual([{ ...first, guess: null }]);
    expect(bet.outcome.multiplier).toBe(1);
    expect(bet.outcome.next).toEqual({
      higher: hiloMultiplier([hiloWinningRanks(first.rank, 'higher')]),
      lower: hiloMultiplier([hiloWinningRanks(first.rank, 'lower')]),
    });
    expect((await p.post(`/hilo/${bet.id}/cashout`, { step: 0 })).json().errors.round[0]).toMatch(
      /^nothing_to_cash_out/,
    );
    expect((await p.put('/fair/seed/client', { client_seed: 'new-seed' })).statusCode).toBe(422);

    // Play the winning guess (peeking at the next card) three times, with a skip between.
    const counts: number[] = [];
    let index = 1;
    let current = first;
    for (const step of ['win', 'skip', 'win', 'win'] as const) {
      const next = hiloCard(seeds, index);
      let guess: 'higher' | 'lower' | 'skip' = 'skip';
      if (step === 'win') {
        guess = hiloWins(current.rank, next.rank, 'higher') ? 'higher' : 'lower';
        expect(hiloWins(current.rank, next.rank, guess)).toBe(true);
        counts.push(hiloWinningRanks(current.rank, guess));
      }
      const reply = await p.post(`/hilo/${bet.id}/guess`, { guess, step: index - 1 });
      expect(reply.statusCode, reply.body).toBe(200);
      const outcome = reply.json().bet.outcome;
      expect(outcome.cards).toHaveLength(index + 1);
      expect(outcome.cards[index]).toEqual({ ...next, guess });
      expect(outcome.multiplier).toBe(hiloMultiplier(counts));
      current = next;
      index += 1;
    }
    const cashout = await p.post(`/hilo/${bet.id}/cashout`, { step: 4 });
    expect(cashout.statusCode).toBe(200);
    const payout = Number(payoutMinor(1000, hiloMultiplier(counts))) / 100;
    expect(cashout.json().bet).toMatchObject({ status: 'cashed_out', payout });
    expect(cashout.json().balance).toBeCloseTo(90 + payout, 10);
    expect((await p.post(`/hilo/${bet.id}/guess`, { guess: 'higher', step: 4 })).statusCode).toBe(422);
    expect((await p.get('/hilo/active')).json()).toEqual({ bet: null });

    // A losing guess ends the next round lost.
    const round = (await p.post('/hilo/start', { amount: 1, idempotency_key: key() })).json().bet;
    const pair2 = await db.query.fairSeedPairs.findFirst({
      where: (t, { and, eq }) => and(eq(t.userId, player.id), eq(t.active, true)),
    });
    const seeds2 = { serverSeed: pair2!.serverSeed, clientSeed: round.client_seed, nonce: round.nonce };
    let cards = [hiloCard(seeds2, 0)];
    let lost;
    for (let i = 1; !lost; i += 1) {
      const next = hiloCard(seeds2, i);
      const cur = cards[cards.length - 1];
      const losing = !hiloWins(cur.rank, next.rank, 'higher')
        ? 'higher'
        : !hiloWins(cur.rank, next.rank, 'lower')
          ? 'lower'
          : null;
      const reply = (
        await p.post(`/hilo/${round.id}/guess`, { guess: losing ?? 'skip', step: i - 1 })
      ).json();
      if (losing) lost = reply;
      cards = [...cards, next];
    }
    expect(lost.bet).toMatchObject({ status: 'lost', payout: 0, multiplier: 0 });
    expect(lost.bet.outcome.next).toEqual({ higher: null, lower: null });
    await assertLedgerInvariants(db);
    expect(await cashBalance(app, player.token)).toBeCloseTo(90 + payout - 1, 10);
  });
});
