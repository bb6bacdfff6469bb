import { beforeEach, describe, expect, it, vi } from 'vitest';
import { caseDetail, casesReply } from '@/lib/contracts/games';
import { CURRENCIES } from '@/lib/constants/currencies';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { caseItemForRoll, caseRoll, caseRtp, payoutMinor, recompute } from '@/lib/fair';
import { runAdmin } from '../../admin/cli';
import { DEMO_CASES, seedDatabase, seedSteps } from '../../db/seed';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { gameCases } from './schema';
import { api, key, newPlayer } from './testing';

const { app, db } = await createTestApp();
await seedDatabase(db);

// Every test starts from the demo cases as seeded: one test's operator edits (items, prices, a disabled
// case) are never another's starting point.
const demoCasesStep = seedSteps.find((step) => step.id === '0005-cases')!;
beforeEach(async () => {
  await db.transaction(async (tx) => {
    await tx.delete(gameCases); // and their items
    await demoCasesStep.run(tx);
  });
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('demo cases', () => {
  it('declare their RTP exactly (to four decimals), cover 100 000 rolls and are priced within the coinflip range', () => {
    expect(DEMO_CASES.length).toBeGreaterThanOrEqual(3);
    for (const demo of DEMO_CASES) {
      const items = demo.items.map(([, , , rolls, multiplier], id) => ({ id, rolls, multiplier }));
      expect(
        items.reduce((sum, item) => sum + item.rolls, 0),
        demo.slug,
      ).toBe(100_000);
      expect(caseRtp(items).toFixed(4), demo.slug).toBe(demo.rtp.toFixed(4));
      expect(demo.rtp).toBeGreaterThanOrEqual(0.95);
      expect(demo.rtp).toBeLessThanOrEqual(0.97);
      for (const currency of CURRENCIES) {
        const { min, max } = getBetLimits(currency, 'coinflip');
        expect(demo.prices[currency]).toBeGreaterThanOrEqual(min);
        expect(demo.prices[currency]).toBeLessThanOrEqual(max);
      }
    }
  });
});

describe('case calls', () => {
  it('lists the cases with prices in the asked currency and names in the asked language', async () => {
    const list = casesReply.parse((await api(app).get('/cases?currency=USD')).json());
    expect(list.items.map((c) => [c.slug, c.price, c.currency])).toEqual(
      DEMO_CASES.map((d) => [d.slug, d.prices.USD, 'USD']),
    );
    const ru = await app.inject({ method: 'GET', url: '/cases', headers: { 'accept-language': 'ru' } });
    expect(ru.json().items[0]).toMatchObject({
      name: 'Стартовый кейс',
      currency: 'RUB',
      price: 50,
      rtp: 0.96,
    });
    const detail = caseDetail.parse((await api(app).get('/cases/classic?currency=KZT')).json());
    expect(detail).toMatchObject({ slug: 'classic', price: 1_000, currency: 'KZT', rtp: 0.955 });
    expect(detail.items[0].range).toEqual([1, detail.items[0].chance * 1000]);
    expect(detail.items.at(-1)!.range[1]).toBe(100_000);
    expect((await api(app).get('/cases/nope')).statusCode).toBe(404);
    expect((await api(app).get('/cases/Bad_Slug')).statusCode).toBe(422);
  });

  it('opens a case for its price, pays the item, stores the table so later edits keep the result', async () => {
    const player = await newPlayer(app, db, 1_000);
    const p = api(app, player.token);
    const idempotency_key = key();
    const open = await p.post('/cases/starter/open', { idempotency_key });
    expect(open.statusCode, open.body).toBe(200);
    const { bet, balance } = open.json();
    expect(bet).toMatchObject({ game: 'cases', amount: 50, currency: 'RUB' });
    expect(bet.outcome.slug).toBe('starter');
    const { roll, item, table } = bet.outcome;
    expect(
      caseItemForRoll<{ from: number; to: number; id: number }>(
        table.map((t: { range: [number, number]; id: number }) => ({
          from: t.range[0],
          to: t.range[1],
          id: t.id,
        })),
        roll,
      ).id,
    ).toBe(item.id);
    expect(bet.payout).toBe(Number(payoutMinor(5000, item.multiplier)) / 100);
    expect(balance).toBeCloseTo(1_000 - 50 + bet.payout, 10);
    expect((await p.post('/cases/starter/open', { idempotency_key })).json()).toEqual(open.json());
    expect((await p.post('/cases/classic/open', { idempotency_key })).statusCode).toBe(409);
    expect((await p.post('/cases/nope/open', { idempotency_key: key() })).statusCode).toBe(404);

    // An operator edit: the opening still shows its own table and item.
    const first = table[0];
    const second = table[1];
    const edited = await admin(
      'case',
      'set-items',
      'starter',
      `${first.id}=${first.chance * 1000 + 1000}:0.1`,
      `${second.id}=${second.chance * 1000 - 1000}:0.8`,
    );
    expect(edited, edited.err).toMatchObject({ code: 0 });
    const again = (await p.get(`/games/bets/${bet.id}`)).json();
    expect(again.outcome).toEqual(bet.outcome);
    expect((await api(app).get('/cases/starter')).json().items[0]).toMatchObject({ multiplier: 0.1 });

    // Verification with lib/fair after rotation.
    await p.post('/fair/seed/rotate', {});
    const revealed = (await p.get(`/games/bets/${bet.id}`)).json();
    const seeds = {
      serverSeed: revealed.server_seed,
      clientSeed: revealed.client_seed,
      nonce: revealed.nonce,
    };
    expect(caseRoll(seeds)).toBe(roll);
    const verified = recompute(seeds, {
      game: 'cases',
      table: table.map((t: { range: [number, number]; id: number }) => ({
        from: t.range[0],
        to: t.range[1],
        id: t.id,
      })),
    });
    expect(verified).toEqual({ game: 'cases', roll, itemId: item.id });
    await assertLedgerInvariants(db);
  });

  it('refuses a disabled case and one without money', async () => {
    const poor = await newPlayer(app, db, 10);
    const response = await api(app, poor.token).post('/cases/classic/open', { idempotency_key: key() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.amount[0]).toMatch(/^insufficient_funds/);
    expect((await admin('case', 'disable', 'jackpot')).code).toBe(0);
    expect((await api(app).get('/cases')).json().items.map((c: { slug: string }) => c.slug)).not.toContain(
      'jackpot',
    );
    expect(
      (await api(app, poor.token).post('/cases/jackpot/open', { idempotency_key: key() })).statusCode,
    ).toBe(404);
    expect((await admin('case', 'enable', 'jackpot')).code).toBe(0);
  });
});

describe('npm run admin -- case', () => {
  it('lists the cases and shows a table with its RTP', async () => {
    const list = await admin('case', 'list');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/^SLUG\s+NAME\s+ITEMS\s+RTP/);
    expect(list.out).toMatch(/classic\s+Classic case\s+8\s+95\.5000 %\s+200\.00\s+yes/);
    const show = await admin('case', 'show', 'gold-rush');
    expect(show.code, show.err).toBe(0);
    expect(show.out).toContain('Prices: 1000.00 RUB, 10.00 USD, 5000.00 KZT, 1000.00 INR, 10.00 EUR');
    expect(show.out).toMatch(/El Dorado\s+legendary\s+4\s+0\.004 %\s+99997–100000\s+250\.0000×/);
    expect(show.out).toContain('Rolls: 100000 of 100000');
    expect(show.out).toContain('RTP: 96.5002 %');
    expect((await admin('case', 'show', 'nope')).code).toBe(1);
    expect((await admin('case', 'show')).code).toBe(2);
  });

  it('refuses edits that break the table or the price range', async () => {
    const show = await admin('case', 'show', 'classic');
    const id = /^(\d+)\s+0\s+Quartz/m.exec(show.out)![1];
    const broken = await admin('case', 'set-items', 'classic', `${id}=1:0.2`);
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/sum to/);
    const price = await admin('case', 'set-price', 'classic', 'USD', '100.01');
    expect(price.code).toBe(1);
    expect((await admin('case', 'set-price', 'classic', 'USD', '3')).code).toBe(0);
    expect((await api(app).get('/cases/classic?currency=USD')).json().price).toBe(3);
  });
});
