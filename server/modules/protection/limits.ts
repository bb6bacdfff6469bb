/**
 * Limits a player sets on themselves (issue 15), re-exported by service.ts:
 *
 * - deposit limits per rolling 24 hours, 7 days and 30 days (`assertDepositWithinLimits`, in the invoice's
 *   transaction);
 * - loss limits per UTC day: `loss_day` today, `loss_week` today and the 6 days before, `loss_month` today
 *   and the 29 days before. The net loss is stakes minus payouts of the in-house games, kept per UTC day in
 *   `player_loss_days` by every bet path while a loss limit is in force or a change of one waits: the bet
 *   statement in SQL (migration 0016), `checkBet` in the general path's transaction (instant bets of a
 *   bonus, round starts) and `recordPayout` at a round's cash-out. Counting starts when the first loss
 *   limit is set (no bet before counts; setting one after a time without any starts afresh). A bet whose
 *   stake would take a window's net loss past its limit is refused (422 `amount: loss_limit`, naming the
 *   limit and what is left), whatever it would win; winnings lower the net loss and so leave more;
 * - the session limit in minutes: a log-in session is a token family (auth/tokens.ts), started at log-in
 *   and kept by refreshing; once it is that old, bets and deposits are refused with 403 until the player
 *   logs in again, which starts a new session (`assertSessionOpen`, `checkBet`, the bet statement);
 * - the reality-check interval in minutes: the web app reminds the player every so many minutes of their
 *   session (time played, net result: `sessionView`, `GET /api/v2/profile/session`).
 *
 * Every kind follows one rule: lowering (or setting where there was none) takes effect at once; raising or
 * removing waits LIMIT_RAISE_DELAY_MS, shown as the pending change. Each change the player makes is in the
 * audit log (`limits.set`) in its transaction.
 */
import {
  DEPOSIT_LIMIT_KINDS,
  LIMIT_KINDS,
  LOSS_LIMIT_KINDS,
  isMinuteLimitKind,
  type LimitKind,
} from '@/lib/contracts/protection';
import type { Executor } from '../../db/client';
import { HttpError, ValidationError } from '../../lib/errors';
import * as audit from '../audit/service';
import * as billingRepository from '../billing/repository';
import { lockUserMoney, minorToMajor } from '../ledger/service';
import * as repository from './repository';

export type { LimitKind };
type DepositLimitKind = (typeof DEPOSIT_LIMIT_KINDS)[number];
type LossLimitKind = (typeof LOSS_LIMIT_KINDS)[number];

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The rolling window of each deposit limit. */
export const LIMIT_WINDOW_MS: Record<DepositLimitKind, number> = {
  deposit_day: DAY_MS,
  deposit_week: 7 * DAY_MS,
  deposit_month: 30 * DAY_MS,
};
/** The UTC days each loss limit counts: today and the days before it. */
export const LOSS_WINDOW_DAYS: Record<LossLimitKind, number> = { loss_day: 1, loss_week: 7, loss_month: 30 };
/** How long a raise (or a removal) of a limit waits before it is in force. */
export const LIMIT_RAISE_DELAY_MS = DAY_MS;

/** What a bet checks: the loss limits and the session limit. */
const BET_LIMIT_KINDS = [...LOSS_LIMIT_KINDS, 'session_minutes'] as const;

interface LimitState {
  amountMinor: bigint | null;
  nextAmountMinor: bigint | null;
  nextFrom: Date | null;
}

/** The limit in force at `now` (null: none). */
export function limitInForce(row: LimitState | undefined, now: Date): bigint | null {
  if (!row) return null;
  if (row.nextFrom !== null && row.nextFrom <= now) return row.nextAmountMinor;
  return row.amountMinor;
}

/** A limit in force, or a change of it that waits. */
const limitSet = (row: LimitState | undefined, now: Date) =>
  limitInForce(row, now) !== null || (row?.nextFrom != null && row.nextFrom > now);

/**
 * A limit as the player sees it: the one in force, and a raise that waits with its time. Money in major
 * units, minutes as they are.
 */
export function limitView(row: LimitState | undefined, now: Date, unit: 'money' | 'minutes' = 'money') {
  const shown = (value: bigint) => (unit === 'money' ? minorToMajor(value) : Number(value));
  const inForce = limitInForce(row, now);
  const waiting = row?.nextFrom && row.nextFrom > now ? row : null;
  return {
    amount: inForce === null ? null : shown(inForce),
    next_amount: waiting ? (waiting.nextAmountMinor === null ? null : shown(waiting.nextAmountMinor)) : null,
    next_from: waiting ? waiting.nextFrom!.toISOString() : null,
  };
}

export async function limitsView(db: Executor, userId: number, now: Date) {
  const rows = new Map((await repository.limitsOf(db, userId)).map((row) => [row.kind, row]));
  return Object.fromEntries(
    LIMIT_KINDS.map((kind) => [
      kind,
      limitView(rows.get(kind), now, isMinuteLimitKind(kind) ? 'minutes' : 'money'),
    ]),
  ) as Record<LimitKind, ReturnType<typeof limitView>>;
}

const isLossKind = (kind: string): kind is LossLimitKind =>
  (LOSS_LIMIT_KINDS as readonly string[]).includes(kind);

/** What the audit log keeps of a limit. */
const auditState = (kind: LimitKind, row: LimitState | undefined) => ({
  kind,
  amount: row?.amountMinor ?? null,
  next_amount: row?.nextAmountMinor ?? null,
  next_from: row?.nextFrom ?? null,
});

/**
 * The player sets (or, with null, removes) a limit; `amountMinor` holds minutes for the minute limits.
 * Lower than the one in force: at once, and a raise that waited is dropped. Higher, or removed: in force
 * LIMIT_RAISE_DELAY_MS from now (asking again for the same raise keeps its time). A change is written to
 * the audit log (`limits.set`, before and after of that kind) in the same transaction. A loss limit set
 * while none counted (none in force, none waiting) starts the count afresh.
 */
export async function setLimit(
  db: Executor,
  input: { userId: number; kind: LimitKind; amountMinor: bigint | null; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const loss = isLossKind(input.kind);
    // A loss limit's counters change under the player's money lock, as the bets that add to them.
    if (loss) await lockUserMoney(tx, input.userId);
    const row = await repository.lockLimit(tx, input.userId, input.kind);
    const inForce = limitInForce(row, input.now);
    // Removing a limit there is none of: nothing to do.
    if (input.amountMinor === null && inForce === null) return;
    const lowers = input.amountMinor !== null && (inForce === null || input.amountMinor <= inForce);
    const base = { userId: input.userId, kind: input.kind, updatedAt: input.now };
    let next: LimitState;
    if (lowers) {
      next = { amountMinor: input.amountMinor, nextAmountMinor: null, nextFrom: null };
    } else {
      const sameWait =
        row?.nextFrom != null && row.nextFrom > input.now && row.nextAmountMinor === input.amountMinor;
      next = {
        amountMinor: inForce,
        nextAmountMinor: input.amountMinor,
        nextFrom: sameWait ? row!.nextFrom : new Date(input.now.getTime() + LIMIT_RAISE_DELAY_MS),
      };
    }
    const unchanged =
      row !== undefined &&
      row.amountMinor === next.amountMinor &&
      row.nextAmountMinor === next.nextAmountMinor &&
      row.nextFrom?.getTime() === next.nextFrom?.getTime();
    if (unchanged) return;
    if (loss && limitSet(next, input.now)) {
      const others = await repository.limitsOfKinds(tx, input.userId, LOSS_LIMIT_KINDS);
      if (!others.some((other) => limitSet(other, input.now)))
        await repository.clearLossDays(tx, input.userId);
    }
    await repository.saveLimit(tx, { ...base, ...next });
    await audit.recordAudit(tx, {
      actor: audit.playerActor(input.userId),
      action: 'limits.set',
      subjectType: 'user',
      subjectId: input.userId,
      userId: input.userId,
      before: auditState(input.kind, row),
      after: auditState(input.kind, next),
      at: input.now,
    });
  });
}

/**
 * 422 `amount: deposit_limit` when a new deposit of `amountMinor` would take the player past a limit in
 * force: what they deposited in its window (paid, or still payable) plus this one. Called under the
 * player's money lock, in the transaction that creates the invoice.
 */
export async function assertDepositWithinLimits(
  tx: Executor,
  input: { userId: number; currency: string; amountMinor: bigint; now: Date },
): Promise<void> {
  const rows = new Map(
    (await repository.limitsOfKinds(tx, input.userId, DEPOSIT_LIMIT_KINDS)).map((row) => [row.kind, row]),
  );
  for (const kind of DEPOSIT_LIMIT_KINDS) {
    const limit = limitInForce(rows.get(kind), input.now);
    if (limit === null) continue;
    const since = new Date(input.now.getTime() - LIMIT_WINDOW_MS[kind]);
    const used = await billingRepository.depositedSince(tx, input.userId, input.currency, since, input.now);
    if (used + input.amountMinor > limit) {
      const left = limit > used ? limit - used : 0n;
      throw ValidationError.field(
        'amount',
        'deposit_limit',
        `Your ${kind.replace('deposit_', '')} deposit limit allows at most ${minorToMajor(left)} more.`,
      );
    }
  }
}

// --- the session limit ---

/** The 403 of a bet or deposit once the session is as old as the player's session limit. */
export class SessionLimitError extends HttpError {
  constructor() {
    super(
      403,
      'Your session limit is reached: take a break. To play or deposit again, sign in again (a new session).',
    );
    this.name = 'SessionLimitError';
    this.code = 'session_limit';
  }
}

const sessionEnd = (startedAt: Date, minutes: bigint | null): Date | null =>
  minutes === null ? null : new Date(startedAt.getTime() + Number(minutes) * MINUTE_MS);

function assertSessionTime(row: LimitState | undefined, sessionStartedAt: Date, now: Date): void {
  const end = sessionEnd(sessionStartedAt, limitInForce(row, now));
  if (end !== null && now >= end) throw new SessionLimitError();
}

/** 403 once the session that started at `sessionStartedAt` is as old as the session limit (deposits). */
export async function assertSessionOpen(
  db: Executor,
  input: { userId: number; sessionStartedAt: Date; now: Date },
): Promise<void> {
  const [row] = await repository.limitsOfKinds(db, input.userId, ['session_minutes']);
  assertSessionTime(row, input.sessionStartedAt, input.now);
}

// --- the loss limits ---

/** The UTC day of a moment, `YYYY-MM-DD`, and the day `days` before it. */
const utcDay = (at: Date, daysBefore = 0) =>
  new Date(at.getTime() - daysBefore * DAY_MS).toISOString().slice(0, 10);

/** 422 `amount: loss_limit`: which limit, and how much more the player may stake in its window. */
export function lossLimitError(kind: LossLimitKind, leftMinor: bigint): ValidationError {
  const period = { loss_day: 'daily', loss_week: 'weekly', loss_month: 'monthly' }[kind];
  return ValidationError.field(
    'amount',
    'loss_limit',
    `Your ${period} loss limit allows bets of at most ${minorToMajor(leftMinor).toFixed(2)} more.`,
  );
}

/** The bet statement's CB411 detail, `<kind>:<minor units left>`, as the error to answer. */
export function lossLimitErrorOf(detail: unknown): ValidationError {
  const [kind, left] = String(detail).split(':');
  return lossLimitError(isLossKind(kind) ? kind : 'loss_day', /^\d+$/.test(left ?? '') ? BigInt(left) : 0n);
}

/**
 * The general bet path's limits, in the bet's transaction (after the lock of the player's seed pair):
 * 403 once the session is as old as the session limit; under the player's money lock, 422 when the stake
 * would take a window's net loss past a loss limit; else, while loss limits count, the bet's net loss
 * (stake − payout) is added to the day's. The SQL bet statement does the same (migration 0016).
 */
export async function checkBet(
  tx: Executor,
  input: {
    userId: number;
    currency: string;
    stakeMinor: bigint;
    payoutMinor: bigint;
    sessionStartedAt: Date;
    now: Date;
  },
): Promise<void> {
  await lockUserMoney(tx, input.userId);
  const found = await repository.limitsOfKinds(tx, input.userId, BET_LIMIT_KINDS);
  if (found.length === 0) return;
  const rows = new Map(found.map((row) => [row.kind, row]));
  assertSessionTime(rows.get('session_minutes'), input.sessionStartedAt, input.now);
  if (!LOSS_LIMIT_KINDS.some((kind) => limitSet(rows.get(kind), input.now))) return;

  const today = utcDay(input.now);
  const days = await repository.lossDays(tx, {
    userId: input.userId,
    currency: input.currency,
    from: utcDay(input.now, LOSS_WINDOW_DAYS.loss_month - 1),
    to: today,
  });
  let refused: { kind: LossLimitKind; left: bigint } | null = null;
  for (const kind of LOSS_LIMIT_KINDS) {
    const limit = limitInForce(rows.get(kind), input.now);
    if (limit === null) continue;
    const from = utcDay(input.now, LOSS_WINDOW_DAYS[kind] - 1);
    const net = days.filter((d) => d.day >= from).reduce((sum, d) => sum + d.netLossMinor, 0n);
    if (net + input.stakeMinor <= limit) continue;
    const left = limit > net ? limit - net : 0n;
    if (!refused || left < refused.left) refused = { kind, left };
  }
  if (refused) throw lossLimitError(refused.kind, refused.left);
  const net = input.stakeMinor - input.payoutMinor;
  if (net !== 0n) {
    await repository.addLoss(tx, {
      userId: input.userId,
      currency: input.currency,
      day: today,
      amountMinor: net,
    });
  }
}

/**
 * A payout that is not part of its bet's statement (a round's cash-out): lowers the day's net loss while
 * loss limits count. In the payout's transaction.
 */
export async function recordPayout(
  tx: Executor,
  input: { userId: number; currency: string; payoutMinor: bigint; now: Date },
): Promise<void> {
  if (input.payoutMinor <= 0n) return;
  const rows = await repository.limitsOfKinds(tx, input.userId, LOSS_LIMIT_KINDS);
  if (!rows.some((row) => limitSet(row, input.now))) return;
  await repository.addLoss(tx, {
    userId: input.userId,
    currency: input.currency,
    day: utcDay(input.now),
    amountMinor: -input.payoutMinor,
  });
}

// --- the reality check ---

/**
 * The current session for the reality check (`GET /api/v2/profile/session`): its start, the minutes
 * played, the net result of the in-house games since it started (payouts − stakes), the reality-check
 * interval and the session limit in force, when the session ends by it and whether it has.
 */
export async function sessionView(
  db: Executor,
  input: { userId: number; currency: string; sessionStartedAt: Date; now: Date },
) {
  const rows = new Map(
    (await repository.limitsOfKinds(db, input.userId, ['session_minutes', 'reality_check_minutes'])).map(
      (row) => [row.kind, row],
    ),
  );
  const sessionMinutes = limitInForce(rows.get('session_minutes'), input.now);
  const realityMinutes = limitInForce(rows.get('reality_check_minutes'), input.now);
  const net = await repository.netResultSince(db, {
    userId: input.userId,
    currency: input.currency,
    since: input.sessionStartedAt,
  });
  const end = sessionEnd(input.sessionStartedAt, sessionMinutes);
  return {
    started_at: input.sessionStartedAt.toISOString(),
    now: input.now.toISOString(),
    minutes_played: Math.max(
      0,
      Math.floor((input.now.getTime() - input.sessionStartedAt.getTime()) / MINUTE_MS),
    ),
    net_result: minorToMajor(net),
    currency: input.currency,
    reality_check_minutes: realityMinutes === null ? null : Number(realityMinutes),
    session_minutes: sessionMinutes === null ? null : Number(sessionMinutes),
    ends_at: end?.toISOString() ?? null,
    limit_reached: end !== null && input.now >= end,
  };
}
