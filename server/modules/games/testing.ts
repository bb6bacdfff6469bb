/**
 * Helpers for the games' tests: a signed-up player with money (credited through the ledger like an
 * operator adjustment), bet calls and a fresh idempotency key.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Currency } from '@/lib/constants/currencies';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { client, profile, signUpByEmail } from '../../test/accounts';
import { adjustBalance } from '../wallet/service';

export const key = () => `k-${randomBytes(8).toString('hex')}`;

export interface Player {
  id: number;
  token: string;
  currency: Currency;
}

export async function newPlayer(
  app: App,
  db: Database,
  money = 0,
  currency: Currency = 'RUB',
): Promise<Player> {
  const { token } = await signUpByEmail(app, { currency });
  const me = await profile(app, token);
  expect(me.statusCode, me.body).toBe(200);
  const id = me.json().user.id as number;
  if (money > 0) await fund(db, id, currency, money);
  return { id, token, currency };
}

export async function fund(db: Database, userId: number, currency: Currency, amount: number): Promise<void> {
  await adjustBalance(db, {
    userId,
    currency,
    direction: 'credit',
    amountMinor: BigInt(Math.round(amount * 100)),
    reason: 'test funds',
    key: key(),
    source: 'admin',
  });
}

export function api(app: App, token?: string) {
  const c = client(app);
  return {
    post: (url: string, body: unknown = {}) => c.post(url, body, token),
    put: (url: string, body: unknown = {}) => c.put(url, body, token),
    get: (url: string) => c.get(url, token),
  };
}

export async function cashBalance(app: App, token: string): Promise<number> {
  return (await profile(app, token)).json().user.balance as number;
}
