/**
 * Password restore (by e-mail: code or link; by phone: code), and setting or changing the password of a
 * logged-in account. Restore calls never tell whether an address has an account: `forgot` always
 * succeeds and every failed code or token answers the same 422.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { findUserById, setPasswordIfUnset, updateUser, type UserRow } from '../users/service';
import { checkCode, consumeCode } from './codes';
import { inTransaction, type AuthDeps } from './deps';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import * as repository from './repository';
import { CODE_SENT, findUserBy, issueAndSendCode, type CodeSent, type LoginKind } from './service';
import type { MessageLocale } from './templates';
import { revokeUserFamilies, type AuthSession } from './tokens';

/** Lifetime of the e-mailed link's token. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Lifetime of a reset token handed out after a confirmed code or link. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const invalidCode = () =>
  ValidationError.field('code', 'invalid', 'The code is incorrect or has expired. Request a new code.');
const invalidToken = () =>
  ValidationError.field('token', 'invalid', 'The password reset link is invalid or has expired.');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function createResetToken(
  tx: Executor,
  input: { userId: number; kind: 'link' | 'reset'; channel: 'email' | 'sms'; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = input.kind === 'link' ? RESET_LINK_TTL_MS : RESET_TOKEN_TTL_MS;
  await repository.insertResetToken(tx, {
    userId: input.userId,
    kind: input.kind,
    channel: input.channel,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + ttl),
  });
  return token;
}

/** `POST .../password/{email|phone}/forgot`: the same success whether or not the address has an account. */
export async function forgotPassword(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; locale: MessageLocale },
): Promise<CodeSent> {
  const user = await findUserBy(deps.db, input.kind, input.address);
  if (!user) return CODE_SENT;
  const now = deps.clock();
  // Inside the cooldown nothing is sent, silently: a 429 would tell that the account exists.
  await inTransaction(deps, (tx, outbox) =>
    issueAndSendCode(deps, tx, outbox, {
      purpose: 'reset',
      kind: input.kind,
      address: input.address,
      userId: user.id,
      locale: input.locale,
      link:
        input.kind === 'email'
          ? async (tx) => {
              const token = await createResetToken(tx, {
                userId: user.id,
                kind: 'link',
                channel: 'email',
                now,
              });
              return {
                url: `${deps.config.webPublicUrl}/${input.locale}/reset-password/${token}`,
                expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
              };
            }
          : undefined,
    }),
  );
  return CODE_SENT;
}

/** Checks a restore code; the user it belongs to, or the one 422 for every failure. */
async function userOfResetCode(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; code: string },
): Promise<{ user: UserRow; codeId: number }> {
  const user = await findUserBy(deps.db, input.kind, input.address);
  if (!user) throw invalidCode();
  const check = await checkCode(
    deps.db,
    deps.keys.oneTimeCode,
    { purpose: 'reset', address: input.address },
    input.code,
    deps.clock(),
  );
  if (!check.ok || check.code.userId !== user.id) throw invalidCode();
  return { user, codeId: check.code.id };
}

/** `.../code/confirm`: trades a right code for a reset token. */
export async function confirmResetCode(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; code: string },
): Promise<string> {
  const { user, codeId } = await userOfResetCode(deps, input);
  const now = deps.clock();
  return inTransaction(deps, async (tx) => {
    if (!(await consumeCode(tx, codeId, now))) throw invalidCode();
    return createResetToken(tx, {
      userId: user.id,
      kind: 'reset',
      channel: input.kind === 'email' ? 'email' : 'sms',
      now,
    });
  });
}

/** A live restore token (either kind) of the right channel, or null. */
async function liveToken(deps: AuthDeps, db: Executor, token: string, channel: 'email' | 'sms') {
  const row = await repository.findResetToken(db, hashToken(token));
  if (!row || row.consumedAt || row.channel !== channel) return null;
  if (row.expiresAt.getTime() <= deps.clock().getTime()) return null;
  return row;
}

/** `email/token/confirm`: trades the link's token for a fresh reset token (the link stops working). */
export async function confirmLinkToken(deps: AuthDeps, token: string): Promise<string> {
  const now = deps.clock();
  return inTransaction(deps, async (tx) => {
    const row = await liveToken(deps, tx, token, 'email');
    if (!row || row.kind !== 'link' || !(await repository.consumeResetToken(tx, row.id, now)))
      throw invalidToken();
    return createResetToken(tx, { userId: row.userId, kind: 'reset', channel: 'email', now });
  });
}

/** `email/token/check`, `phone/token/check`: is the token still good (for that phone)? */
export async function checkResetToken(
  deps: AuthDeps,
  input: { token: string; phone?: string },
): Promise<void> {
  const row = await liveToken(deps, deps.db, input.token, input.phone ? 'sms' : 'email');
  if (!row) throw invalidToken();
  if (input.phone) {
    const user = await findUserById(deps.db, row.userId);
    if (user?.phone !== input.phone) throw invalidToken();
  }
}

function mismatch(field: string) {
  return ValidationError.field(field, 'mismatch', 'The password confirmation does not match.');
}

/** Sets the password, uses up every restore token of the user and ends all of their sessions. */
async function applyReset(tx: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
  await updateUser(tx, userId, { passwordHash }, now);
  await repository.consumeUserResetTokens(tx, userId, now);
  await revokeUserFamilies(tx, { userId, reason: 'password_reset', now });
}

/** `email/reset/token` and `phone/reset`: a live token (of that phone's user) sets the password once. */
export async function resetWithToken(
  deps: AuthDeps,
  input: { token: string; password: string; passwordConfirm: string; phone?: string },
): Promise<void> {
  if (input.password !== input.passwordConfirm) throw mismatch('password_confirm');
  await checkResetToken(deps, input); // before the costly hash; checked again below, in the transaction
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await inTransaction(deps, async (tx) => {
    const row = await liveToken(deps, tx, input.token, input.phone ? 'sms' : 'email');
    if (!row) throw invalidToken();
    if (input.phone) {
      const user = await findUserById(tx, row.userId);
      if (user?.phone !== input.phone) throw invalidToken();
    }
    if (!(await repository.consumeResetToken(tx, row.id, now))) throw invalidToken();
    await applyReset(tx, row.userId, passwordHash, now);
  });
}

/** `email/reset/code`: the e-mailed code sets the password directly. */
export async function resetWithCode(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; code: string; password: string; passwordConfirm: string },
): Promise<void> {
  if (input.password !== input.passwordConfirm) throw mismatch('password_confirm');
  const { user, codeId } = await userOfResetCode(deps, input);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await inTransaction(deps, async (tx) => {
    if (!(await consumeCode(tx, codeId, now))) throw invalidCode();
    await applyReset(tx, user.id, passwordHash, now);
  });
}

/** `POST /api/v2/auth/password/set`: only for an account without a password. */
export async function setPassword(
  deps: AuthDeps,
  input: { userId: number; password: string; confirmPassword: string },
): Promise<void> {
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw new Error(`User ${input.userId} of a live session is missing`);
  if (user.passwordHash) {
    throw ValidationError.field(
      'password',
      'already_set',
      'The account already has a password. Change it instead.',
    );
  }
  if (input.password !== input.confirmPassword) throw mismatch('confirm_password');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await inTransaction(deps, async (tx) => {
    // Conditional on "still no password", so two parallel calls cannot both set one.
    const updated = await setPasswordIfUnset(tx, user.id, passwordHash, now);
    if (!updated) {
      throw ValidationError.field(
        'password',
        'already_set',
        'The account already has a password. Change it instead.',
      );
    }
  });
}

/**
 * `POST /password/update`: needs the current password; every problem is reported per field at once.
 * The other sessions of the user end; this one stays.
 */
export async function updatePassword(
  deps: AuthDeps,
  input: { session: AuthSession; oldPassword: string; password: string; passwordConfirm: string },
): Promise<void> {
  const user = await findUserById(deps.db, input.session.userId);
  if (!user) throw new Error(`User ${input.session.userId} of a live session is missing`);
  const oldValid = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.oldPassword)
    : await verifyNothing(input.oldPassword);
  const errors: Record<string, string[]> = {};
  if (!oldValid) errors.old_password = ['invalid: The current password is incorrect.'];
  if (input.password !== input.passwordConfirm) {
    errors.password_confirm = ['mismatch: The password confirmation does not match.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await inTransaction(deps, async (tx) => {
    await updateUser(tx, user.id, { passwordHash }, now);
    await revokeUserFamilies(tx, {
      userId: user.id,
      reason: 'password_change',
      now,
      keep: input.session.familyId,
    });
  });
}
