import { z } from 'zod';
import { MINOR_UNITS_PER_MAJOR } from '@/lib/constants/currencies';

/**
 * The operator's seamless wallet that a game aggregator calls (issue 17), modelled on the public Hub88
 * operator Wallet API (docs.hub88.io, "Operator API Reference → Wallet API" and "Seamless Wallet response
 * statuses"): `POST /aggregator/user/info`, `/aggregator/user/balance`, `/aggregator/transaction/bet`,
 * `/aggregator/transaction/win` and `/aggregator/transaction/rollback`, each body signed (header
 * {@link AGGREGATOR_SIGNATURE_HEADER}, lib/aggregator/signature.ts). Every answer is HTTP 200 with a `status`
 * (`RS_OK` or an `RS_ERROR_*` code) and the `request_uuid` it answers; once the player is known it also
 * carries `user`, `currency` and `balance`.
 *
 * Amounts are integers in the aggregator's units: Hub88 multiplies a real amount by 100 000 ($3.56 is
 * 356000), AGGREGATOR_CURRENCY_UNITS on the server. They convert exactly to minor units or are refused.
 * Unknown fields are ignored (Hub88 adds optional ones over time).
 */

export const AGGREGATOR_SIGNATURE_HEADER = 'x-hub88-signature';

/** Hub88's units per major unit of a currency: a real amount × 100 000. */
export const HUB88_UNITS_PER_MAJOR = 100_000;

/** How long a game session's token takes bets (wins and rollbacks are taken after it expired too). */
export const AGGREGATOR_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export const AGGREGATOR_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type AggregatorStatus = (typeof AGGREGATOR_STATUSES)[number];

const uuid = z.string().min(1).max(100);
const user = z.string().min(1).max(64);
const token = z.string().min(1).max(200);
const gameCode = z.string().min(1).max(100);
/** An integer in the aggregator's units, exactly representable in a JSON number. */
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const optionalText = z.string().max(200).nullish();
const optionalFlag = z.boolean().nullish();

export const aggregatorUserInfoRequest = z.object({
  user,
  request_uuid: uuid,
  /** Not in Hub88's call: when given, it must be a session of `user` (its country is then answered). */
  token: token.optional(),
});

export const aggregatorBalanceRequest = z.object({
  user,
  token,
  request_uuid: uuid,
  game_code: gameCode.nullish(),
  supplier_user: optionalText,
});

export const aggregatorBetRequest = z.object({
  user,
  transaction_uuid: uuid,
  supplier_transaction_id: optionalText,
  token,
  supplier_user: optionalText,
  round_closed: optionalFlag,
  round: z.string().min(1).max(200),
  reward_uuid: optionalText,
  request_uuid: uuid,
  /** A free round's bet: nothing is taken from the balance. */
  is_free: optionalFlag,
  is_aggregated: optionalFlag,
  game_code: gameCode,
  currency: z.string().min(1).max(10),
  /** The provider's description of the bet (e.g. a roulette field). */
  bet: optionalText,
  amount: units,
  meta: z.unknown().optional(),
});

export const aggregatorWinRequest = aggregatorBetRequest.extend({
  /** The bet this win pays. */
  reference_transaction_uuid: uuid,
});

export const aggregatorRollbackRequest = z.object({
  user,
  transaction_uuid: uuid,
  supplier_transaction_id: optionalText,
  token,
  round_closed: optionalFlag,
  round: z.string().min(1).max(200),
  request_uuid: uuid,
  /** The bet rolled back. */
  reference_transaction_uuid: uuid,
  game_code: gameCode,
  meta: z.unknown().optional(),
});

export type AggregatorUserInfoRequest = z.infer<typeof aggregatorUserInfoRequest>;
export type AggregatorBalanceRequest = z.infer<typeof aggregatorBalanceRequest>;
export type AggregatorBetRequest = z.infer<typeof aggregatorBetRequest>;
export type AggregatorWinRequest = z.infer<typeof aggregatorWinRequest>;
export type AggregatorRollbackRequest = z.infer<typeof aggregatorRollbackRequest>;

/** Every answer of the wallet (user/info adds the player's country and registration date). */
export const aggregatorReply = z.object({
  status: z.enum(AGGREGATOR_STATUSES),
  request_uuid: z.string().optional(),
  user: z.string().optional(),
  currency: z.string().optional(),
  /** The player's cash balance in the aggregator's units. */
  balance: z.number().int().optional(),
  country: z.string().optional(),
  registration_date: z.string().optional(),
});
export type AggregatorReply = z.infer<typeof aggregatorReply>;

/**
 * The aggregator's units per minor unit, for `unitsPerMajor` units per major unit; null when a minor unit
 * is not a whole number of them (then minor amounts could not be sent exactly).
 */
export function unitsPerMinor(unitsPerMajor: number): bigint | null {
  if (!Number.isSafeInteger(unitsPerMajor) || unitsPerMajor <= 0) return null;
  return unitsPerMajor % MINOR_UNITS_PER_MAJOR === 0 ? BigInt(unitsPerMajor / MINOR_UNITS_PER_MAJOR) : null;
}

/** Aggregator units → minor units, or null when the amount is not a whole number of minor units. */
export function unitsToMinor(amount: bigint, perMinor: bigint): bigint | null {
  return amount % perMinor === 0n ? amount / perMinor : null;
}

/** Minor units → aggregator units (always exact). */
export const minorToUnits = (minor: bigint, perMinor: bigint): bigint => minor * perMinor;

/** Our player id as the aggregator knows it (`user`): not personal data, at least 4 characters (Hub88). */
export const aggregatorUserId = (userId: number): string => `player-${userId}`;

/** The player id in an aggregator `user`, or null when it is not one of ours. */
export function parseAggregatorUserId(value: string): number | null {
  const match = /^player-([1-9][0-9]{0,9})$/.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}
