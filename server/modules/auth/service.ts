/**
 * Sign-up, log-in (password and one-time code), account verification and log-out. Routes translate HTTP;
 * the rules are here. Every change and the messages it sends commit together (see deps.ts).
 */
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { TooManyRequestsError, ValidationError } from '../../lib/errors';
import { activatePromo } from '../bonuses/service';
import { recordSighting, type DeviceUpload } from '../devices/service';
import type { Region } from '../../lib/region';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  updateUser,
  type UserRow,
} from '../users/service';
import {
  checkCode,
  CODE_RESEND_COOLDOWN_MS,
  CODE_TTL_MS,
  consumeCode,
  issueCode,
  lastCodeSentAt,
  type CodeCheck,
  type CodePurpose,
  type IssueResult,
} from './codes';
import { inTransaction, type AuthDeps, type Outbox } from './deps';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import { renderMessage, type MessageLocale, type TemplateName } from './templates';
import { openSession, revokeFamily, type AuthSession } from './tokens';

/** How an account is identified: its e-mail or its phone (the name of the request field, too). */
export type LoginKind = 'email' | 'phone';

/** What a sign-up carried besides the device fingerprint (`RegisterInput.device`). */
export interface Attribution {
  partner?: string | null;
  adplace?: string | null;
  stag?: string | null;
  promo?: string | null;
}

/** A resend needs a code sent to the address within this time. */
const RESEND_WINDOW_MS = 60 * 60 * 1000;

export interface CodeSent {
  success: true;
  /** Seconds until another code may be requested. */
  resend_after: number;
  /** Seconds the code stays valid. */
  expires_in: number;
}

export const CODE_SENT: CodeSent = {
  success: true,
  resend_after: CODE_RESEND_COOLDOWN_MS / 1000,
  expires_in: CODE_TTL_MS / 1000,
};

export function findUserBy(db: Executor, kind: LoginKind, address: string): Promise<UserRow | undefined> {
  return kind === 'email' ? findUserByEmail(db, address) : findUserByPhone(db, address);
}

export const channelOf = (kind: LoginKind) => (kind === 'email' ? 'email' : 'sms');

function addressLabel(kind: LoginKind) {
  return kind === 'email' ? 'e-mail address' : 'phone number';
}

function taken(kind: LoginKind) {
  return ValidationError.field(kind, 'taken', `The ${kind} has already been taken.`);
}

function notRegistered(kind: LoginKind) {
  return ValidationError.field(kind, 'not_registered', `No account uses this ${addressLabel(kind)}.`);
}

function badCredentials(kind: LoginKind) {
  return ValidationError.field(kind, 'invalid_credentials', 'These credentials do not match our records.');
}

export function cooldown(result: Extract<IssueResult, { issued: false }>) {
  return new TooManyRequestsError(
    result.retryAfterSeconds,
    `Please wait ${result.retryAfterSeconds} seconds before requesting a new code.`,
  );
}

/** The 422 of a failed code check: `code: invalid | expired | attempts_exceeded | not_requested`. */
export function codeError(check: Extract<CodeCheck, { ok: false }>): ValidationError {
  switch (check.reason) {
    case 'wrong':
      return check.attemptsLeft > 0
        ? ValidationError.field(
            'code',
            'invalid',
            `The code is incorrect. ${check.attemptsLeft} attempt${check.attemptsLeft === 1 ? '' : 's'} left.`,
          )
        : ValidationError.field('code', 'attempts_exceeded', 'Too many wrong attempts. Request a new code.');
    case 'exhausted':
      return ValidationError.field(
        'code',
        'attempts_exceeded',
        'Too many wrong attempts. Request a new code.',
      );
    case 'expired':
      return ValidationError.field('code', 'expired', 'The code has expired. Request a new code.');
    case 'missing':
    default:
      return ValidationError.field(
        'code',
        'not_requested',
        'There is no valid code for this address. Request a new code.',
      );
  }
}

const TEMPLATE_OF: Record<CodePurpose, TemplateName> = {
  login: 'login_code',
  verify: 'verify_code',
  reset: 'password_reset',
};

/**
 * Issues a code (unless in cooldown) and writes its message; `link` only for e-mailed restore codes. The
 * message expires with the longer-lived of its code and link (outbox/service.ts redacts it then).
 */
export async function issueAndSendCode(
  deps: AuthDeps,
  tx: Executor,
  outbox: Outbox,
  input: {
    purpose: CodePurpose;
    kind: LoginKind;
    address: string;
    userId: number;
    locale: MessageLocale;
    link?: (tx: Executor) => Promise<{ url: string; expiresAt: Date }>;
  },
): Promise<IssueResult> {
  const now = deps.clock();
  const channel = channelOf(input.kind);
  const result = await issueCode(
    tx,
    deps.keys.oneTimeCode,
    { purpose: input.purpose, channel, address: input.address, userId: input.userId },
    now,
  );
  if (!result.issued) return result;
  const issuedLink = input.link ? await input.link(tx) : undefined;
  const link = issuedLink?.url;
  const codeExpiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const message = renderMessage(TEMPLATE_OF[input.purpose], channel, input.locale, {
    code: result.code,
    link,
    minutes: CODE_TTL_MS / 60_000,
  });
  await outbox.send({
    channel,
    recipient: input.address,
    template: TEMPLATE_OF[input.purpose],
    locale: input.locale,
    ...message,
    code: result.code,
    link: link ?? null,
    expiresAt: issuedLink && issuedLink.expiresAt > codeExpiresAt ? issuedLink.expiresAt : codeExpiresAt,
  });
  return result;
}

// --- sign-up ----------------------------------------------------------------------------------------

/** The user columns of the sign-up confirmations, both given at `now`. */
export function confirmedAt(confirmations: SignUpConfirmations, now: Date) {
  return {
    ageConfirmedAt: confirmations.ageConfirmed ? now : null,
    termsAcceptedAt: confirmations.termsAccepted ? now : null,
  };
}

/** What the player ticked at sign-up; an account is only created with both (the contract checks them). */
export interface SignUpConfirmations {
  ageConfirmed: true;
  termsAccepted: true;
}

/** The device fingerprint a sign-up or log-in uploaded (opened) and where it came from. */
export interface DeviceInput {
  upload: DeviceUpload | null;
  ip: string;
}

export interface RegisterInput {
  kind: LoginKind;
  address: string;
  password: string;
  currency: Currency;
  confirmations: SignUpConfirmations;
  attribution: Attribution;
  locale: MessageLocale;
  /** The visitor's region, for promo codes limited to one. */
  region: Region;
  device: DeviceInput;
}

/**
 * Creates the account, sends the first verification code to its address and opens a session. A taken
 * address answers 422 `taken`, also when two sign-ups race (the unique index decides). A promo code
 * starts a waiting bonus in the same transaction; one that does not apply answers 422 `promo: invalid`
 * and nothing is created. The age confirmation and the terms' acceptance are stored with the time.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<string> {
  if (await findUserBy(deps.db, input.kind, input.address)) throw taken(input.kind);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  try {
    return await inTransaction(deps, async (tx, outbox) => {
      const user = await insertUser(
        tx,
        {
          email: input.kind === 'email' ? input.address : null,
          phone: input.kind === 'phone' ? input.address : null,
          passwordHash,
          currency: input.currency,
          registerMethod: input.kind,
          ...confirmedAt(input.confirmations, now),
          fpp: input.device.upload?.fingerprint ?? null,
          partner: input.attribution.partner ?? null,
          adplace: input.attribution.adplace ?? null,
          stag: input.attribution.stag ?? null,
          promo: input.attribution.promo ?? null,
        },
        now,
      );
      await recordSighting(tx, { userId: user.id, event: 'sign_up', ...input.device, at: now });
      if (input.attribution.promo) {
        await activatePromo(tx, {
          userId: user.id,
          code: input.attribution.promo,
          currency: input.currency,
          region: input.region,
          now,
        });
      }
      await issueAndSendCode(deps, tx, outbox, {
        purpose: 'verify',
        kind: input.kind,
        address: input.address,
        userId: user.id,
        locale: input.locale,
      });
      return openSession(tx, deps.keys.accessToken, user.id, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.kind);
    throw error;
  }
}

// --- log-in -----------------------------------------------------------------------------------------

/** Unknown account, no password, or a wrong one: the same 422, after the same work. */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; password: string; device: DeviceInput },
): Promise<string> {
  const user = await findUserBy(deps.db, input.kind, input.address);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!user || !valid) throw badCredentials(input.kind);
  const now = deps.clock();
  await recordSighting(deps.db, { userId: user.id, event: 'log_in', ...input.device, at: now });
  return openSession(deps.db, deps.keys.accessToken, user.id, now);
}

/** Sends a log-in code to a registered address (422 `not_registered` otherwise: codes never create users). */
export async function sendLoginCode(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; locale: MessageLocale; resend: boolean },
): Promise<CodeSent> {
  if (input.kind === 'phone' && !deps.config.smsLoginEnabled) {
    throw ValidationError.field('phone', 'unavailable', 'Log-in by SMS code is not available.');
  }
  const user = await findUserBy(deps.db, input.kind, input.address);
  if (!user) throw notRegistered(input.kind);
  if (input.resend) {
    const last = await lastCodeSentAt(deps.db, { purpose: 'login', address: input.address });
    if (!last || deps.clock().getTime() - last.getTime() > RESEND_WINDOW_MS) {
      throw ValidationError.field(
        input.kind,
        'not_requested',
        'No code was sent here yet. Request a code first.',
      );
    }
  }
  const result = await inTransaction(deps, (tx, outbox) =>
    issueAndSendCode(deps, tx, outbox, {
      purpose: 'login',
      kind: input.kind,
      address: input.address,
      userId: user.id,
      locale: input.locale,
    }),
  );
  if (!result.issued) throw cooldown(result);
  return CODE_SENT;
}

/** Logs in with a code sent by {@link sendLoginCode}; the address counts as verified afterwards. */
export async function loginWithCode(
  deps: AuthDeps,
  input: { kind: LoginKind; address: string; code: string; device: DeviceInput },
): Promise<string> {
  const user = await findUserBy(deps.db, input.kind, input.address);
  if (!user) throw notRegistered(input.kind);
  const now = deps.clock();
  const check = await checkCode(
    deps.db,
    deps.keys.oneTimeCode,
    { purpose: 'login', address: input.address },
    input.code,
    now,
  );
  if (!check.ok) throw codeError(check);
  if (check.code.userId !== user.id) throw codeError({ ok: false, reason: 'missing', attemptsLeft: 0 });
  return inTransaction(deps, async (tx) => {
    if (!(await consumeCode(tx, check.code.id, now)))
      throw codeError({ ok: false, reason: 'missing', attemptsLeft: 0 });
    await markVerified(tx, user, input.kind, now);
    await recordSighting(tx, { userId: user.id, event: 'log_in', ...input.device, at: now });
    return openSession(tx, deps.keys.accessToken, user.id, now);
  });
}

async function markVerified(tx: Executor, user: UserRow, kind: LoginKind, now: Date): Promise<void> {
  if (kind === 'email' && !user.isEmailVerified)
    await updateUser(tx, user.id, { isEmailVerified: true }, now);
  if (kind === 'phone' && !user.isPhoneVerified)
    await updateUser(tx, user.id, { isPhoneVerified: true }, now);
}

// --- verification of the account's own address (logged in) ----------------------------------------

async function ownAddress(deps: AuthDeps, userId: number, kind: LoginKind) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error(`User ${userId} of a live session is missing`);
  const address = kind === 'email' ? user.email : user.phone;
  if (!address) {
    throw ValidationError.field(kind, 'missing', `The account has no ${addressLabel(kind)}.`);
  }
  const verified = kind === 'email' ? user.isEmailVerified : user.isPhoneVerified;
  if (verified) {
    throw ValidationError.field(kind, 'already_verified', `The ${addressLabel(kind)} is already verified.`);
  }
  return { user, address };
}

export async function sendVerificationCode(
  deps: AuthDeps,
  input: { userId: number; kind: LoginKind; locale: MessageLocale },
): Promise<CodeSent> {
  const { user, address } = await ownAddress(deps, input.userId, input.kind);
  const result = await inTransaction(deps, (tx, outbox) =>
    issueAndSendCode(deps, tx, outbox, {
      purpose: 'verify',
      kind: input.kind,
      address,
      userId: user.id,
      locale: input.locale,
    }),
  );
  if (!result.issued) throw cooldown(result);
  return CODE_SENT;
}

export async function verifyAccount(
  deps: AuthDeps,
  input: { userId: number; kind: LoginKind; code: string },
): Promise<void> {
  const { user, address } = await ownAddress(deps, input.userId, input.kind);
  const now = deps.clock();
  const check = await checkCode(
    deps.db,
    deps.keys.oneTimeCode,
    { purpose: 'verify', address },
    input.code,
    now,
  );
  if (!check.ok) throw codeError(check);
  if (check.code.userId !== user.id) throw codeError({ ok: false, reason: 'missing', attemptsLeft: 0 });
  await inTransaction(deps, async (tx) => {
    if (!(await consumeCode(tx, check.code.id, now)))
      throw codeError({ ok: false, reason: 'missing', attemptsLeft: 0 });
    await markVerified(tx, user, input.kind, now);
  });
}

// --- session ----------------------------------------------------------------------------------------

export async function logout(deps: AuthDeps, session: AuthSession): Promise<void> {
  await revokeFamily(deps.db, session.familyId, 'logout', deps.clock());
}

/** Sends the account's login (e-mail, else phone; never a password) to that very address. */
export async function sendLoginData(
  deps: AuthDeps,
  input: { userId: number; locale: MessageLocale },
): Promise<void> {
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw new Error(`User ${input.userId} of a live session is missing`);
  const kind: LoginKind | null = user.email ? 'email' : user.phone ? 'phone' : null;
  if (!kind)
    throw ValidationError.field('email', 'missing', 'The account has no e-mail address or phone number.');
  const address = (kind === 'email' ? user.email : user.phone) as string;
  const channel = channelOf(kind);
  await inTransaction(deps, (_tx, outbox) =>
    outbox.send({
      channel,
      recipient: address,
      template: 'login_data',
      locale: input.locale,
      ...renderMessage('login_data', channel, input.locale, { login: address }),
    }),
  );
}
