/**
 * The game studio (studio/server, a separate process) against the product's real seamless wallet (issue
 * 17, "The provider side"): the API listens on loopback, the studio runs as a child process
 * (`tsx studio/server/main.ts`) whose wallet calls pass through a proxy of this test that can hold an
 * answer back past the studio's timeout, and the ledger is read after each play.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signAggregatorRequest } from '@/lib/aggregator/signature';
import { AGGREGATOR_SIGNATURE_HEADER } from '@/lib/contracts/aggregator';
import { pocketColor } from '@/lib/fair/games/roulette';
import { createTestApp } from '../../test/helpers';
import { readBody, startFakeServer } from '../../test/http-fake';
import { freePort } from '../../test/redis-server';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { aggregatorTransactions } from './schema';
import { cashMinor, walletPlayer, type WalletPlayer } from './testing';

const SECRET = `studio-contract-secret-${'s'.repeat(16)}`;
const TIMEOUT_MS = 400;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const { app, db } = await createTestApp({ env: { AGGREGATOR_SECRET: SECRET, RATE_LIMIT_ENABLED: 'false' } });
const apiBase = await app.listen({ host: '127.0.0.1', port: 0 });

// --- the proxy between the studio and the wallet ---

/** Per wallet path: how many of the next answers to hold back, and for how long. */
const holdBack = new Map<string, { count: number; ms: number }>();
const seen: { path: string; body: Record<string, unknown> }[] = [];
const proxy = await startFakeServer(async (request, response) => {
  const raw = await readBody(request);
  const walletPath = (request.url ?? '').replace(/^\/aggregator\//, '');
  seen.push({ path: walletPath, body: JSON.parse(raw.toString('utf8')) as Record<string, unknown> });
  // The call reaches the wallet at once; only its answer is late.
  const answer = await fetch(`${apiBase}${request.url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [AGGREGATOR_SIGNATURE_HEADER]: String(request.headers[AGGREGATOR_SIGNATURE_HEADER]),
    },
    body: raw,
  });
  const text = await answer.text();
  const hold = holdBack.get(walletPath);
  if (hold && hold.count > 0) {
    hold.count -= 1;
    await new Promise((resolve) => setTimeout(resolve, hold.ms));
  }
  if (!response.destroyed)
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
});
const proxyUrl = `${proxy.url}/aggregator`;

// --- the studio ---

const port = await freePort();
const studioBase = `http://127.0.0.1:${port}`;
let output = '';
const studio: ChildProcess = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['studio/server/main.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    STUDIO_HOST: '127.0.0.1',
    STUDIO_PORT: String(port),
    STUDIO_PUBLIC_URL: studioBase,
    STUDIO_WALLET_URL: proxyUrl,
    AGGREGATOR_SECRET: SECRET,
    STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-contract-')),
    STUDIO_WALLET_TIMEOUT_MS: String(TIMEOUT_MS),
    STUDIO_TABLE_BETTING_MS: '2500',
    STUDIO_TABLE_RESULT_MS: '500',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
studio.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
studio.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
afterAll(async () => {
  if (studio.exitCode === null) {
    const exited = new Promise((resolve) => studio.once('exit', resolve));
    studio.kill('SIGTERM');
    await exited;
  }
  await proxy.close();
});

for (let i = 0; ; i += 1) {
  const up = await fetch(`${studioBase}/art/fruit-sevens/thumb.svg`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 300 || studio.exitCode !== null) throw new Error(`the studio did not start:\n${output}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// --- helpers ---

async function operator(pathName: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${studioBase}/operator/generic/v2/${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [AGGREGATOR_SIGNATURE_HEADER]: signAggregatorRequest(raw, SECRET),
    },
    body: raw,
  });
  return { status: response.status, body: await response.json() };
}

async function launch(player: WalletPlayer, game: string): Promise<string> {
  const { body } = await operator('game/url', {
    user: player.user,
    token: player.token,
    platform: 'GPL_DESKTOP',
    operator_id: 1,
    lobby_url: 'http://localhost:3000/games/slots',
    deposit_url: 'http://localhost:3000/wallet',
    lang: 'ru',
    ip: '127.0.0.1',
    game_code: game,
    currency: player.currency,
    country: 'KZ',
  });
  return new URL((body as { url: string }).url).pathname.split('/')[2];
}

async function play(id: string, route: string, body?: unknown) {
  const response = await fetch(`${studioBase}/play/${id}/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const transactionsOf = (userId: number) =>
  db.select().from(aggregatorTransactions).where(eq(aggregatorTransactions.userId, userId));

const transfersOf = (uuids: string[]) =>
  uuids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(ledgerTransfers)
        .where(
          inArray(
            ledgerTransfers.idempotencyKey,
            uuids.map((uuid) => `aggregator:${uuid}`),
          ),
        );

async function eventually<T>(read: () => Promise<T>, test: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (test(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const player = (money: number) => walletPlayer(db, { money, currency: 'RUB', gameCode: 'fruit-sevens' });

describe('slots against the real wallet', () => {
  it('a real spin moves the balance by exactly its stake and its win', async () => {
    const one = await player(1_000);
    const id = await launch(one, 'jade-ways');
    const { status, body } = await play(id, 'spin', { amountMinor: '5000' });
    expect(status).toBe(200);
    const win = BigInt(body.winMinor as string);
    expect(await cashMinor(db, one.id)).toBe(100_000n - 5_000n + win);
    expect(BigInt(body.balanceMinor as string)).toBe(100_000n - 5_000n + win);
    const rows = await transactionsOf(one.id);
    const bet = rows.find((row) => row.kind === 'bet')!;
    expect(bet).toMatchObject({ status: 'accepted', amountMinor: 5_000n, gameCode: 'jade-ways' });
    const close = rows.find((row) => row.kind === 'win')!;
    expect(close).toMatchObject({
      referenceTransactionUuid: bet.transactionUuid,
      amountMinor: win,
      roundClosed: true,
    });
  });

  it('not enough money answers the code and the balance, and moves nothing', async () => {
    const poor = await player(5);
    const id = await launch(poor, 'fruit-sevens');
    const { status, body } = await play(id, 'spin', { amountMinor: '1000' });
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'not-enough-money', balanceMinor: '500' });
    expect(await cashMinor(db, poor.id)).toBe(500n);
    expect(await transactionsOf(poor.id)).toEqual([]);
  });

  it('retries a bet answered too late with the same transaction uuid, then rolls it back once', async () => {
    const slow = await player(100);
    const id = await launch(slow, 'fruit-sevens');
    holdBack.set('transaction/bet', { count: 3, ms: TIMEOUT_MS * 3 });
    const { status, body } = await play(id, 'spin', { amountMinor: '1000' });
    expect(status).toBe(502);
    expect(body.error).toBe('rolled-back');
    const rows = await eventually(
      () => transactionsOf(slow.id),
      (found) => found.some((row) => row.kind === 'rollback'),
    );
    const bets = seen.filter((call) => call.path === 'transaction/bet' && call.body.user === slow.user);
    expect(bets).toHaveLength(3);
    expect(new Set(bets.map((call) => call.body.transaction_uuid)).size).toBe(1);
    expect(new Set(bets.map((call) => call.body.request_uuid)).size).toBe(3);
    const bet = rows.find((row) => row.kind === 'bet')!;
    expect(bet).toMatchObject({ status: 'rolled_back', transactionUuid: bets[0].body.transaction_uuid });
    expect(rows.filter((row) => row.kind === 'rollback')).toEqual([
      expect.objectContaining({ status: 'applied', referenceTransactionUuid: bet.transactionUuid }),
    ]);
    const transfers = await transfersOf(rows.map((row) => row.transactionUuid));
    expect(transfers.map((transfer) => transfer.kind).sort()).toEqual(['bet', 'win']);
    expect(await cashMinor(db, slow.id)).toBe(10_000n);
  });

  it('retries a win answered too late with the same transaction uuid and pays it once', async () => {
    const lucky = await player(1_000);
    const id = await launch(lucky, 'fruit-sevens');
    holdBack.set('transaction/win', { count: 1, ms: TIMEOUT_MS * 3 });
    const { status, body } = await play(id, 'spin', { amountMinor: '1000' });
    expect(status).toBe(200);
    const win = BigInt(body.winMinor as string);
    await eventually(
      async () =>
        seen.filter((call) => call.path === 'transaction/win' && call.body.user === lucky.user).length,
      (count) => count >= 2,
    );
    const wins = seen.filter((call) => call.path === 'transaction/win' && call.body.user === lucky.user);
    expect(new Set(wins.map((call) => call.body.transaction_uuid)).size).toBe(1);
    const rows = (await transactionsOf(lucky.id)).filter((row) => row.kind === 'win');
    expect(rows).toHaveLength(1);
    expect(await cashMinor(db, lucky.id)).toBe(100_000n - 1_000n + win);
  });

  it('free rounds: bets flagged free move no cash, their wins are paid', async () => {
    const guest = await player(0);
    await operator('freebet/rewards/create', {
      operator_id: 1,
      user: guest.user,
      currency: 'RUB',
      game_code: 'fruit-sevens',
      bet_count: 3,
      bet_value: 1_000_000,
      reward_uuid: `reward-${guest.id}`,
    });
    const id = await launch(guest, 'fruit-sevens');
    expect((await play(id, 'state')).body.freeRounds).toEqual({ left: 3, stakeMinor: '1000' });
    let won = 0n;
    for (let i = 0; i < 3; i += 1) {
      const { status, body } = await play(id, 'spin', { free: true });
      expect(status).toBe(200);
      won += BigInt(body.winMinor as string);
    }
    expect((await play(id, 'spin', { free: true })).body.error).toBe('no-free-rounds');
    const rows = await transactionsOf(guest.id);
    expect(rows.filter((row) => row.kind === 'bet' && row.isFree)).toHaveLength(3);
    expect(rows.filter((row) => row.kind === 'win').every((row) => row.isFree)).toBe(true);
    expect(await cashMinor(db, guest.id)).toBe(won);
  });
});

describe('a live table against the real wallet', () => {
  it('settles a roulette round of two players, each once, on the same pocket', async () => {
    const [one, two] = [await player(1_000), await player(1_000)];
    const [idOne, idTwo] = [await launch(one, 'studio-roulette'), await launch(two, 'studio-roulette')];
    // Wait for a betting window with time left.
    const open = await eventually(
      () => play(idOne, 'table'),
      ({ body }) => body.phase === 'betting' && Number(body.endsAt) - Number(body.now) > 1_500,
    );
    expect(open.body.phase).toBe('betting');
    await play(idTwo, 'table');
    const placedTwo = await play(idTwo, 'table/bet', { bets: [{ type: 'black', amountMinor: '20000' }] });
    const placedOne = await play(idOne, 'table/bet', {
      bets: [{ type: 'straight', numbers: [7], amountMinor: '1000' }],
    });
    expect([placedOne.status, placedTwo.status]).toEqual([200, 200]);
    const done = await eventually(
      () => play(idOne, 'table'),
      ({ body }) => body.phase === 'result' && body.round === open.body.round,
    );
    const other = await play(idTwo, 'table');
    expect(other.body.result).toEqual(done.body.result);
    const pocket = (done.body.result as { pocket: number }).pocket;
    for (const [who, stake, wins] of [
      [one, 1_000n, pocket === 7 ? 36_000n : 0n],
      [two, 20_000n, pocketColor(pocket) === 'black' ? 40_000n : 0n],
    ] as const) {
      const rows = await eventually(
        () => transactionsOf(who.id),
        (found) => found.some((row) => row.kind === 'win'),
      );
      expect(rows.filter((row) => row.kind === 'bet')).toEqual([
        expect.objectContaining({ round: open.body.roundId, amountMinor: stake }),
      ]);
      expect(rows.filter((row) => row.kind === 'win')).toEqual([
        expect.objectContaining({ roundClosed: true, amountMinor: wins }),
      ]);
      expect(await cashMinor(db, who.id)).toBe(100_000n - stake + wins);
    }
  });
});

describe('the ledger', () => {
  it('holds its invariants after all the play', async () => {
    await assertLedgerInvariants(db);
    const open = await db
      .select()
      .from(aggregatorTransactions)
      .where(and(eq(aggregatorTransactions.kind, 'bet'), eq(aggregatorTransactions.status, 'accepted')));
    expect(open.length).toBeGreaterThan(0);
  });
});
