/**
 * For the studio's own tests: an in-memory operator wallet on loopback (signature checked, bets, wins and
 * rollbacks with Hub88's idempotency, a balance per user; answers can be delayed or dropped per path), a
 * studio built on a temporary data directory, and signed Games API calls. The contract tests against the
 * product's real wallet are server/modules/aggregator/studio-contract.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signAggregatorRequest, verifyAggregatorHmac } from '@/lib/aggregator/signature';
import { AGGREGATOR_SIGNATURE_HEADER } from '@/lib/contracts/aggregator';
import { buildStudio, type Studio } from './app';
import { loadStudioConfig, type StudioConfig } from './config';

export const SECRET = 'studio-test-secret-0123456789abcdefghij';

export interface WalletCallSeen {
  path: string;
  body: Record<string, unknown>;
}

export interface TestWallet {
  url: string;
  calls: WalletCallSeen[];
  balances: Map<string, number>;
  /** Per path: how many of the next calls get no answer (the connection hangs until the studio gives up). */
  drop: Map<string, number>;
  close: () => Promise<void>;
}

export async function startTestWallet(): Promise<TestWallet> {
  const calls: WalletCallSeen[] = [];
  const balances = new Map<string, number>();
  const drop = new Map<string, number>();
  const transactions = new Map<
    string,
    { kind: string; user: string; amount: number; rolledBack?: boolean }
  >();
  const rolledBackEarly = new Set<string>();
  const answer = (path: string, body: Record<string, unknown>) => {
    const user = String(body.user);
    const balance = balances.get(user) ?? 0;
    const ok = () => ({
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      user,
      currency: body.currency,
      balance: balances.get(user) ?? 0,
    });
    const uuid = String(body.transaction_uuid);
    if (path === 'user/balance') return ok();
    if (transactions.has(uuid)) return ok();
    if (path === 'transaction/bet') {
      if (rolledBackEarly.has(uuid)) return { ...ok(), status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
      const amount = body.is_free ? 0 : Number(body.amount);
      if (amount > balance) return { ...ok(), status: 'RS_ERROR_NOT_ENOUGH_MONEY' };
      balances.set(user, balance - amount);
      transactions.set(uuid, { kind: 'bet', user, amount });
      return ok();
    }
    const reference = String(body.reference_transaction_uuid);
    const bet = transactions.get(reference);
    if (path === 'transaction/win') {
      if (!bet || bet.rolledBack) return { ...ok(), status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
      balances.set(user, balance + Number(body.amount));
      transactions.set(uuid, { kind: 'win', user, amount: Number(body.amount) });
      return ok();
    }
    transactions.set(uuid, { kind: 'rollback', user, amount: 0 });
    if (!bet) rolledBackEarly.add(reference);
    else if (!bet.rolledBack) {
      bet.rolledBack = true;
      balances.set(user, balance + bet.amount);
    }
    return ok();
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = (request.url ?? '').replace(/^\/aggregator\//, '');
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      calls.push({ path, body });
      const dropping = drop.get(path) ?? 0;
      if (dropping > 0) {
        drop.set(path, dropping - 1);
        return; // no answer: the studio's timeout fires
      }
      const signed = verifyAggregatorHmac(raw, request.headers[AGGREGATOR_SIGNATURE_HEADER], SECRET);
      const reply = signed ? answer(path, body) : { status: 'RS_ERROR_INVALID_SIGNATURE' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/aggregator`,
    calls,
    balances,
    drop,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));

export function testStudioConfig(env: Record<string, string>): StudioConfig {
  return loadStudioConfig({ AGGREGATOR_SECRET: SECRET, STUDIO_PUBLIC_URL: 'http://studio.test', ...env });
}

export const startTestStudio = (env: Record<string, string>): Promise<Studio> =>
  buildStudio(testStudioConfig(env));

/** A signed Games API call through `inject`. */
export async function operatorCall(studio: Studio, path: string, body: unknown, secret = SECRET) {
  const raw = JSON.stringify(body);
  const response = await studio.app.inject({
    method: 'POST',
    url: `/operator/generic/v2/${path}`,
    headers: {
      'content-type': 'application/json',
      [AGGREGATOR_SIGNATURE_HEADER]: signAggregatorRequest(raw, secret),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** A launch through the Games API: the launch id of its URL. */
export async function launch(
  studio: Studio,
  input: { game: string; user?: string; token?: string; currency?: string; lang?: string },
): Promise<string> {
  const { body } = await operatorCall(studio, 'game/url', {
    user: input.user ?? null,
    token: input.token ?? null,
    platform: 'GPL_DESKTOP',
    operator_id: 1,
    lobby_url: 'http://casino.test/games/slots',
    deposit_url: 'http://casino.test/wallet',
    lang: input.lang ?? 'en',
    ip: '127.0.0.1',
    game_code: input.game,
    currency: input.currency ?? (input.user ? 'RUB' : 'XXX'),
    country: 'KZ',
  });
  return new URL((body as { url: string }).url).pathname.split('/')[2];
}

/** A JSON call of the game page. */
export async function pageCall(studio: Studio, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await studio.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}
