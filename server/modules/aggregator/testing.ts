/**
 * Helpers for the wallet's tests: players made straight in the database with money and a game session,
 * and wallet calls sent as an aggregator sends them (a raw JSON body, signed over its exact bytes).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { signAggregatorRequest } from '@/lib/aggregator/signature';
import {
  AGGREGATOR_SIGNATURE_HEADER,
  aggregatorReply,
  aggregatorUserId,
  type AggregatorReply,
} from '@/lib/contracts/aggregator';
import type { Currency } from '@/lib/constants/currencies';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../users/schema';
import { userBalanceMinor } from '../ledger/service';
import { adjustBalance } from '../wallet/service';
import { createGameSession } from './service';

/** Hub88's units: a major unit is 100 000 of them, a minor unit 1 000. */
export const UNITS = 100_000;
export const units = (major: number) => Math.round(major * UNITS);

export const uuid = () => randomUUID();

export interface WalletPlayer {
  id: number;
  user: string;
  token: string;
  currency: Currency;
}

/** A player made in the database (no sign-up), with `money` (major units) of cash and a game session. */
export async function walletPlayer(
  db: Database,
  input: {
    money?: number;
    currency?: Currency;
    country?: string | null;
    now?: Date;
    ttlMs?: number;
    gameCode?: string;
  } = {},
): Promise<WalletPlayer> {
  const currency = input.currency ?? 'RUB';
  const [row] = await db
    .insert(users)
    .values({ registerMethod: 'email', currency, superBonusTag: randomBytes(12).toString('hex') })
    .returning({ id: users.id });
  if (input.money) await fund(db, row.id, currency, input.money);
  const token = await newSession(db, row.id, { ...input, currency });
  return { id: row.id, user: aggregatorUserId(row.id), token, currency };
}

/** Another game session of the player. */
export async function newSession(
  db: Database,
  userId: number,
  input: { currency?: Currency; country?: string | null; now?: Date; ttlMs?: number; gameCode?: string } = {},
): Promise<string> {
  const { token } = await createGameSession(db, {
    userId,
    gameCode: input.gameCode ?? 'studio-fruits',
    currency: input.currency ?? 'RUB',
    country: input.country ?? null,
    now: input.now ?? new Date(),
    ttlMs: input.ttlMs,
  });
  return token;
}

export async function fund(db: Database, userId: number, currency: Currency, major: number): Promise<void> {
  await adjustBalance(db, {
    userId,
    currency,
    direction: 'credit',
    amountMinor: BigInt(Math.round(major * 100)),
    reason: 'test funds',
    key: `fund-${randomBytes(8).toString('hex')}`,
    source: 'admin',
  });
}

/** Sends `body` (an object, serialised here, or raw text) to a wallet path, signed with `secret`. */
export function sendWallet(
  app: App,
  path: string,
  body: unknown,
  options: { secret?: string; signature?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature !== undefined
      ? options.signature
      : options.secret
        ? signAggregatorRequest(raw, options.secret)
        : null;
  return app.inject({
    method: 'POST',
    url: `/aggregator/${path}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [AGGREGATOR_SIGNATURE_HEADER]: signature }),
    },
    payload: raw,
  });
}

/** A wallet client with the shared secret: each call answers HTTP 200 and a reply of the contract. */
export function wallet(app: App, secret: string) {
  const call = async (path: string, body: Record<string, unknown>): Promise<AggregatorReply> => {
    const response = await sendWallet(app, path, body, { secret });
    if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode} ${response.body}`);
    return aggregatorReply.parse(response.json());
  };
  const base = (player: WalletPlayer) => ({
    user: player.user,
    token: player.token,
    request_uuid: uuid(),
    currency: player.currency,
    game_code: 'studio-fruits',
  });
  return {
    call,
    info: (player: WalletPlayer, extra: Record<string, unknown> = {}) =>
      call('user/info', { user: player.user, request_uuid: uuid(), ...extra }),
    balance: (player: WalletPlayer, extra: Record<string, unknown> = {}) =>
      call('user/balance', {
        user: player.user,
        token: player.token,
        request_uuid: uuid(),
        game_code: 'studio-fruits',
        ...extra,
      }),
    bet: (
      player: WalletPlayer,
      input: { uuid: string; amount: number; round?: string } & Record<string, unknown>,
    ) => {
      const { uuid: transactionUuid, round, ...rest } = input;
      return call('transaction/bet', {
        ...base(player),
        transaction_uuid: transactionUuid,
        round: round ?? 'round-1',
        round_closed: false,
        is_free: false,
        bet: null,
        ...rest,
      });
    },
    win: (
      player: WalletPlayer,
      input: { uuid: string; bet: string; amount: number; round?: string } & Record<string, unknown>,
    ) => {
      const { uuid: transactionUuid, bet, round, ...rest } = input;
      return call('transaction/win', {
        ...base(player),
        transaction_uuid: transactionUuid,
        reference_transaction_uuid: bet,
        round: round ?? 'round-1',
        round_closed: true,
        is_free: false,
        ...rest,
      });
    },
    rollback: (
      player: WalletPlayer,
      input: { uuid: string; bet: string; round?: string } & Record<string, unknown>,
    ) => {
      const { uuid: transactionUuid, bet, round, ...rest } = input;
      return call('transaction/rollback', {
        user: player.user,
        token: player.token,
        request_uuid: uuid(),
        game_code: 'studio-fruits',
        transaction_uuid: transactionUuid,
        reference_transaction_uuid: bet,
        round: round ?? 'round-1',
        round_closed: true,
        ...rest,
      });
    },
  };
}

/** The player's cash balance in minor units, straight from the ledger. */
export const cashMinor = (db: Database, userId: number, currency: Currency = 'RUB'): Promise<bigint> =>
  userBalanceMinor(db, userId, currency, 'cash');
