/**
 * One-time codes: six digits, HMAC-stored, 10 minutes, 5 attempts, one new code per address a minute.
 * Only the newest code of a (purpose, address) counts; sending a new one retires the previous.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/client';
import * as repository from './repository';
import type { OneTimeCode } from './schema';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_COOLDOWN_MS = 60 * 1000;

export type CodePurpose = 'login' | 'verify' | 'reset';
export type CodeChannel = 'email' | 'sms';

export interface CodeTarget {
  purpose: CodePurpose;
  /** Lower-case e-mail or E.164 phone. */
  address: string;
}

function hashCode(key: Uint8Array, target: CodeTarget, code: string): string {
  return createHmac('sha256', key)
    .update(`${target.purpose}\u0000${target.address}\u0000${code}`)
    .digest('base64url');
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type IssueResult = { issued: true; code: string } | { issued: false; retryAfterSeconds: number };

/**
 * Issues a new code unless the last one for this target was sent less than a minute ago. Serialised per
 * target, so two concurrent requests cannot both pass the cooldown. Run inside the transaction that
 * writes the message to the outbox.
 */
export async function issueCode(
  tx: Executor,
  key: Uint8Array,
  input: CodeTarget & { channel: CodeChannel; userId: number },
  now: Date,
): Promise<IssueResult> {
  await repository.lockCodeAddress(tx, input.purpose, input.address);
  const latest = await repository.latestCode(tx, input.purpose, input.address);
  const wait = latest ? latest.createdAt.getTime() + CODE_RESEND_COOLDOWN_MS - now.getTime() : 0;
  if (wait > 0) return { issued: false, retryAfterSeconds: Math.ceil(wait / 1000) };
  const code = generateCode();
  await repository.insertCode(tx, {
    purpose: input.purpose,
    channel: input.channel,
    address: input.address,
    userId: input.userId,
    codeHash: hashCode(key, input, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return { issued: true, code };
}

/** Whether a code was sent to this target recently (resend calls need an earlier send). */
export async function lastCodeSentAt(db: Executor, target: CodeTarget): Promise<Date | undefined> {
  return (await repository.latestCode(db, target.purpose, target.address))?.createdAt;
}

export type CodeCheck =
  | { ok: true; code: OneTimeCode }
  | { ok: false; reason: 'missing' | 'expired' | 'exhausted' | 'wrong'; attemptsLeft: number };

/**
 * Checks a submitted code against the target's newest code. Every check of a live code counts as an
 * attempt (committed at once, atomically, so parallel guesses cannot exceed the limit); the fifth wrong
 * one kills the code. A right code is returned unconsumed: consume it with {@link consumeCode} in the
 * transaction of its effect.
 */
export async function checkCode(
  db: Executor,
  key: Uint8Array,
  target: CodeTarget,
  submitted: string,
  now: Date,
): Promise<CodeCheck> {
  const latest = await repository.latestCode(db, target.purpose, target.address);
  if (!latest || latest.consumedAt) return { ok: false, reason: 'missing', attemptsLeft: 0 };
  if (latest.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'exhausted', attemptsLeft: 0 };
  if (latest.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', attemptsLeft: 0 };
  const attempts = await repository.countCodeAttempt(db, latest.id, CODE_MAX_ATTEMPTS);
  if (attempts === null) return { ok: false, reason: 'exhausted', attemptsLeft: 0 };
  const expected = Buffer.from(latest.codeHash);
  const actual = Buffer.from(hashCode(key, target, submitted));
  if (expected.length === actual.length && timingSafeEqual(expected, actual))
    return { ok: true, code: latest };
  return { ok: false, reason: 'wrong', attemptsLeft: CODE_MAX_ATTEMPTS - attempts };
}

/** Marks the code used; false when a parallel request used it first. */
export const consumeCode = repository.consumeCode;
