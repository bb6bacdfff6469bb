import { describe, expect, it } from 'vitest';
import { bet as betSchema, betReply } from '@/lib/contracts/games';
import {
  COINFLIP_MULTIPLIER,
  diceMultiplier,
  KENO_PAYTABLE,
  payoutMinor,
  recompute,
  ROULETTE_MULTIPLIERS,
  rouletteChipWins,
  seedMatchesHash,
  sha256Hex,
} from '@/lib/fair';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { api, cashBalance, key, newPlayer } from './testing';

const { app, db } = await createTestApp();

const minor = (major: number) => Math.round(major * 100);

describe('instant games', () => {
  it('dice: debits the stake, pays amount × multiplier on a win, and answers the bet with its seeds', async () => {
    const player = await newPlayer(app, db, 1_000);
    const seed = (await api(app, player.token).get('/fair/seed')).json();
    const response = await api(app, player.token).post('/dice/bet', {
      amount: 10,
      target: 50,
      direction: 'over',
      idempotency_key: key(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = betReply.parse(response.json());
    const { bet } = reply;
    expect(bet).toMatchObject({
      game: 'dice',
      amount: 10,
      currency: 'RUB',
      server_seed_hash: seed.server_seed_hash,
      server_seed: null,
      client_seed: seed.client_seed,
      nonce: 0,
    });
    if (bet.game !== 'dice') throw new Error('not dice');
    expect(bet.outcome.win).toBe(bet.outcome.roll > 50);
    const expectedPayout = bet.outcome.win ? Number(payoutMinor(1000, diceMultiplier(50, 'over'))) / 100 : 0;
    expect(bet.payout).toBe(expectedPayout);
    expect(bet.status).toBe(bet.outcome.win ? 'won' : 'lost');
    expect(reply.balance).toBe((minor(1000) - minor(10) + minor(expectedPayout)) / 100);
    expect(await cashBalance(app, player.token)).toBe(reply.balance);
    expect((await api(app, player.token).get('/fair/seed')).json().nonce).toBe(1);
    await assertLedgerInvariants(db);
  });

  it('coinflip: pays 1.98× on the called side', async () => {
    const player = await newPlayer(app, db, 100);
    let balance = 100;
    for (let i = 0; i < 6; i += 1) {
      const response = await api(app, player.token).post('/coinflip/bet', {
        amount: 5,
        side: 'heads',
        idempotency_key: key(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { bet, balance: after } = response.json();
      expect(bet.nonce).toBe(i);
      expect(bet.outcome.win).toBe(bet.outcome.result === 'heads');
      expect(bet.payout).toBe(bet.outcome.win ? 5 * COINFLIP_MULTIPLIER : 0);
      balance = Math.round((balance - 5 + bet.payout) * 100) / 100;
      expect(after).toBe(balance);
    }
    await assertLedgerInvariants(db);
  });

  it('keno: draws 10 distinct hits and pays the pay table row', async () => {
    const player = await newPlayer(app, db, 100);
    const picks = [1, 5, 9, 13, 17, 21, 25, 29, 33, 37];
    const response = await api(app, player.token).post('/keno/bet', {
      amount: 2,
      picks,
      risk: 'medium',
      idempotency_key: key(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { bet } = response.json();
    expect(new Set(bet.outcome.hits).size).toBe(10);
    expect(bet.outcome.matched).toEqual(picks.filter((p) => bet.outcome.hits.includes(p)));
    const multiplier = KENO_PAYTABLE.medium[9][bet.outcome.matched.length];
    expect(bet.payout).toBe(Number(payoutMinor(200, multiplier)) / 100);
    expect(bet.multiplier).toBe(multiplier);
  });

  it('roulette: settles every chip, the stake is their sum', async () => {
    const player = await newPlayer(app, db, 100);
    const chips = [
      { type: 'red', amount: 1 },
      { type: 'straight', value: 17, amount: 0.5 },
      { type: 'dozen', value: 2, amount: 1.5 },
    ] as const;
    const response = await api(app, player.token).post('/roulette/bet', { chips, idempotency_key: key() });
    expect(response.statusCode, response.body).toBe(200);
    const { bet, balance } = response.json();
    expect(bet.amount).toBe(3);
    let payout = 0;
    for (const [i, chip] of chips.entries()) {
      const win = rouletteChipWins(chip, bet.outcome.pocket);
      expect(bet.outcome.chips[i]).toMatchObject({ type: chip.type, amount: chip.amount, win });
      payout += win ? chip.amount * ROULETTE_MULTIPLIERS[chip.type] : 0;
    }
    expect(bet.payout).toBeCloseTo(payout, 10);
    expect(balance).toBeCloseTo(100 - 3 + payout, 10);
  });

  it('verifies with lib/fair once the pair is rotated: the revealed seed hashes to the shown hash', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const placed = [
      (
        await p.post('/dice/bet', { amount: 1, target: 30.5, direction: 'under', idempotency_key: key() })
      ).json().bet,
      (await p.post('/coinflip/bet', { amount: 1, side: 'tails', idempotency_key: key() })).json().bet,
      (await p.post('/keno/bet', { amount: 1, picks: [3, 4], risk: 'high', idempotency_key: key() })).json()
        .bet,
      (await p.post('/roulette/bet', { chips: [{ type: 'odd', amount: 1 }], idempotency_key: key() })).json()
        .bet,
    ];
    expect((await p.get(`/games/bets/${placed[0].id}`)).json().server_seed).toBeNull();
    const rotated = await p.post('/fair/seed/rotate', {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { previous, current } = rotated.json();
    expect(previous.nonce).toBe(4);
    expect(current).toMatchObject({ nonce: 0, client_seed: previous.client_seed });
    expect(current.server_seed_hash).not.toBe(previous.server_seed_hash);
    expect(sha256Hex(previous.server_seed)).toBe(previous.server_seed_hash);

    for (const placedBet of placed) {
      const bet = betSchema.parse((await p.get(`/games/bets/${placedBet.id}`)).json());
      expect(bet.server_seed).toBe(previous.server_seed);
      expect(seedMatchesHash(bet.server_seed!, bet.server_seed_hash)).toBe(true);
      const seeds = { serverSeed: bet.server_seed!, clientSeed: bet.client_seed, nonce: bet.nonce };
      switch (bet.game) {
        case 'dice':
          expect(recompute(seeds, { game: 'dice' })).toEqual({ game: 'dice', roll: bet.outcome.roll });
          break;
        case 'coinflip':
          expect(recompute(seeds, { game: 'coinflip' })).toEqual({
            game: 'coinflip',
            result: bet.outcome.result,
          });
          break;
        case 'keno':
          expect(recompute(seeds, { game: 'keno' })).toEqual({ game: 'keno', hits: bet.outcome.hits });
          break;
        case 'roulette':
          expect(recompute(seeds, { game: 'roulette' })).toMatchObject({ pocket: bet.outcome.pocket });
          break;
        default:
          throw new Error(`unexpected ${bet.game}`);
      }
    }
  });
});

describe('refusals', () => {
  it('401 for a guest', async () => {
    for (const [url, body] of [
      ['/dice/bet', { amount: 1, target: 50, direction: 'over', idempotency_key: key() }],
      ['/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: key() }],
      ['/keno/bet', { amount: 1, picks: [1], risk: 'low', idempotency_key: key() }],
      ['/roulette/bet', { chips: [{ type: 'red', amount: 1 }], idempotency_key: key() }],
      ['/miner/start', { amount: 1, mines: 3, idempotency_key: key() }],
      ['/hilo/start', { amount: 1, idempotency_key: key() }],
      ['/cases/starter/open', { idempotency_key: key() }],
      ['/fair/seed/rotate', {}],
    ] as const) {
      const response = await api(app).post(url, body);
      expect(response.statusCode, url).toBe(401);
    }
    for (const url of ['/fair/seed', '/games/bets', '/games/bets/1', '/miner/active', '/hilo/active']) {
      expect((await api(app).get(url)).statusCode, url).toBe(401);
    }
    expect((await api(app).put('/fair/seed/client', { client_seed: 'abc' })).statusCode).toBe(401);
  });

  it('422 on amount outside the limits of spec §9, per currency', async () => {
    const rub = await newPlayer(app, db, 50_000);
    const p = api(app, rub.token);
    const tooBig = await p.post('/dice/bet', {
      amount: 10_000.01,
      target: 50,
      direction: 'over',
      idempotency_key: key(),
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.amount[0]).toMatch(/^too_big: /);
    const tooSmall = await p.post('/coinflip/bet', { amount: 0.99, side: 'heads', idempotency_key: key() });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().errors.amount[0]).toMatch(/^too_small: /);
    const miner = await p.post('/miner/start', { amount: 1_000.01, mines: 3, idempotency_key: key() });
    expect(miner.json().errors.amount[0]).toMatch(/^too_big: /);

    // USD roulette: max 0.1 (the sum of the chips); min from coinflip 0.01.
    const usd = await newPlayer(app, db, 100, 'USD');
    const u = api(app, usd.token);
    const sum = await u.post('/roulette/bet', {
      chips: [
        { type: 'red', amount: 0.06 },
        { type: 'black', amount: 0.05 },
      ],
      idempotency_key: key(),
    });
    expect(sum.statusCode).toBe(422);
    expect(sum.json().errors.amount[0]).toMatch(/^too_big: The amount must be at most 0\.10 USD/);
    const ok = await u.post('/roulette/bet', {
      chips: [{ type: 'red', amount: 0.1 }],
      idempotency_key: key(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bet.currency).toBe('USD');
    // KZT dice falls back to the coinflip range 5–50 000.
    const kzt = await newPlayer(app, db, 100_000, 'KZT');
    const k = api(app, kzt.token);
    expect(
      (await k.post('/dice/bet', { amount: 4.99, target: 50, direction: 'over', idempotency_key: key() }))
        .statusCode,
    ).toBe(422);
    expect(
      (await k.post('/dice/bet', { amount: 50_000, target: 50, direction: 'over', idempotency_key: key() }))
        .statusCode,
    ).toBe(200);
    // Nothing of the refused bets reached the ledger or the nonce.
    expect((await p.get('/fair/seed')).json().nonce).toBe(0);
    expect(await cashBalance(app, rub.token)).toBe(50_000);
  });

  it('422 on bad input in the spec format', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const cases: [string, unknown, string][] = [
      ['/dice/bet', { amount: 1, target: 1, direction: 'over', idempotency_key: key() }, 'target'],
      ['/dice/bet', { amount: 1, target: 99, direction: 'under', idempotency_key: key() }, 'target'],
      ['/dice/bet', { amount: 1, target: 50.001, direction: 'over', idempotency_key: key() }, 'target'],
      ['/dice/bet', { amount: 1, target: 50, direction: 'sideways', idempotency_key: key() }, 'direction'],
      ['/dice/bet', { amount: 1.005, target: 50, direction: 'over', idempotency_key: key() }, 'amount'],
      ['/dice/bet', { amount: -1, target: 50, direction: 'over', idempotency_key: key() }, 'amount'],
      ['/dice/bet', { target: 50, direction: 'over', idempotency_key: key() }, 'amount'],
      ['/coinflip/bet', { amount: 1, side: 'edge', idempotency_key: key() }, 'side'],
      ['/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: 'short' }, 'idempotency_key'],
      ['/keno/bet', { amount: 1, picks: [1, 1], risk: 'low', idempotency_key: key() }, 'picks'],
      ['/keno/bet', { amount: 1, picks: [41], risk: 'low', idempotency_key: key() }, 'picks.0'],
      ['/keno/bet', { amount: 1, picks: [], risk: 'low', idempotency_key: key() }, 'picks'],
      ['/keno/bet', { amount: 1, picks: [1], risk: 'extreme', idempotency_key: key() }, 'risk'],
      [
        '/roulette/bet',
        { chips: [{ type: 'straight', amount: 1 }], idempotency_key: key() },
        'chips.0.value',
      ],
      [
        '/roulette/bet',
        { chips: [{ type: 'red', value: 3, amount: 1 }], idempotency_key: key() },
        'chips.0.value',
      ],
      [
        '/roulette/bet',
        { chips: [{ type: 'dozen', value: 4, amount: 1 }], idempotency_key: key() },
        'chips.0.value',
      ],
      ['/roulette/bet', { chips: [], idempotency_key: key() }, 'chips'],
      ['/miner/start', { amount: 1, mines: 25, idempotency_key: key() }, 'mines'],
      ['/miner/start', { amount: 1, mines: 0, idempotency_key: key() }, 'mines'],
    ];
    for (const [url, body, field] of cases) {
      const response = await p.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      const json = response.json();
      expect(json.message).toEqual(expect.any(String));
      expect(Object.keys(json.errors), `${url} ${JSON.stringify(body)}`).toContain(field);
      expect(json.errors[field][0]).toMatch(/^[a-z_]+: /);
    }
    expect((await p.get('/fair/seed')).json().nonce).toBe(0);
  });

  it('422 insufficient_funds: no bet, no nonce, no ledger movement', async () => {
    const player = await newPlayer(app, db, 5);
    const p = api(app, player.token);
    const response = await p.post('/coinflip/bet', { amount: 5.01, side: 'heads', idempotency_key: key() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      amount: ['insufficient_funds: There is not enough money on the balance.'],
    });
    expect((await p.get('/fair/seed')).json().nonce).toBe(0);
    expect((await p.get('/games/bets')).json().total).toBe(0);
    expect(await cashBalance(app, player.token)).toBe(5);
    const none = await newPlayer(app, db);
    const broke = await api(app, none.token).post('/miner/start', {
      amount: 1,
      mines: 3,
      idempotency_key: key(),
    });
    expect(broke.json().errors.amount[0]).toMatch(/^insufficient_funds/);
    await assertLedgerInvariants(db);
  });

  it('replays an idempotency key with the same body, 409 with another', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const body = { amount: 3, target: 40, direction: 'under', idempotency_key: key() };
    const first = await p.post('/dice/bet', body);
    expect(first.statusCode).toBe(200);
    const again = await p.post('/dice/bet', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await p.post('/dice/bet', { ...body, amount: 4 })).statusCode).toBe(409);
    expect(
      (await p.post('/coinflip/bet', { amount: 3, side: 'heads', idempotency_key: body.idempotency_key }))
        .statusCode,
    ).toBe(409);
    const list = (await p.get('/games/bets')).json();
    expect(list.total).toBe(1);
    expect((await p.get('/fair/seed')).json().nonce).toBe(1);
    // Parallel repeats of one key settle once.
    const parallelBody = { amount: 1, side: 'tails', idempotency_key: key() };
    const replies = await Promise.all(Array.from({ length: 5 }, () => p.post('/coinflip/bet', parallelBody)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.json().bet.id)).size).toBe(1);
    expect((await p.get('/games/bets')).json().total).toBe(2);
    await assertLedgerInvariants(db);
  });
});

describe('bet list, limits, history', () => {
  it('lists bets newest first with paging and a game filter; a foreign bet is 404', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    for (let i = 0; i < 3; i += 1)
      await p.post('/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: key() });
    await p.post('/dice/bet', { amount: 1, target: 50, direction: 'over', idempotency_key: key() });
    const all = (await p.get('/games/bets?per_page=2')).json();
    expect(all).toMatchObject({ page: 1, per_page: 2, total: 4 });
    expect(all.items.map((b: { game: string; nonce: number }) => [b.game, b.nonce])).toEqual([
      ['dice', 3],
      ['coinflip', 2],
    ]);
    const coinflips = (await p.get('/games/bets?game=coinflip&page=2&per_page=2')).json();
    expect(coinflips.total).toBe(3);
    expect(coinflips.items.map((b: { nonce: number }) => b.nonce)).toEqual([0]);
    expect((await p.get('/games/bets?game=poker')).statusCode).toBe(422);
    const other = await newPlayer(app, db);
    expect((await api(app, other.token).get(`/games/bets/${all.items[0].id}`)).statusCode).toBe(404);
  });

  it('answers the limits of each game per currency (public)', async () => {
    const rub = (await api(app).get('/games/limits?currency=RUB')).json();
    expect(rub).toEqual({
      currency: 'RUB',
      limits: {
        dice: { min: 1, max: 10_000 },
        coinflip: { min: 1, max: 10_000 },
        keno: { min: 1, max: 10_000 },
        roulette: { min: 1, max: 10_000 },
        hilo: { min: 1, max: 10_000 },
        miner: { min: 1, max: 1_000 },
      },
    });
    const usd = (await api(app).get('/games/limits?currency=USD')).json();
    expect(usd.limits.roulette).toEqual({ min: 0.01, max: 0.1 });
    expect(usd.limits.dice).toEqual({ min: 0.01, max: 100 });
    const kzt = await newPlayer(app, db, 0, 'KZT');
    expect((await api(app, kzt.token).get('/games/limits')).json().currency).toBe('KZT');
    expect((await api(app).get('/games/limits?currency=XYZ')).statusCode).toBe(422);
  });

  it('shows each bet and win in /profile/history with the game and the bet', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    let won: { id: number; payout: number } | undefined;
    let lost: { id: number } | undefined;
    while (!won || !lost) {
      const { bet } = (
        await p.post('/coinflip/bet', { amount: 1, side: 'heads', idempotency_key: key() })
      ).json();
      if (bet.status === 'won') won ??= bet;
      else lost ??= bet;
    }
    const history = (await p.get('/profile/history?per_page=100')).json();
    const of = (id: number) =>
      history.items
        .filter((i: { bet_id?: number }) => i.bet_id === id)
        .map((i: Record<string, unknown>) => [i.kind, i.amount, i.game, i.description]);
    expect(of(won.id)).toEqual([
      ['win', won.payout, 'coinflip', `Coinflip win #${won.id}`],
      ['bet', -1, 'coinflip', `Coinflip bet #${won.id}`],
    ]);
    expect(of(lost.id)).toEqual([['bet', -1, 'coinflip', `Coinflip bet #${lost.id}`]]);
  });
});
