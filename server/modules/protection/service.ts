/**
 * Player protection (issue 15): the account status and self-exclusion. One rule, `mayPlay`, says whether a
 * player may deposit, bet or receive a bonus; every such call checks it (the deposit and promo routes, the
 * games' player, the bet statement in SQL with the same rule, the deposit bonus). A player who may not play
 * still logs in, withdraws and sees their history. The limits a player sets on themselves (deposits, losses,
 * session time, reality checks) live in limits.ts and are exported from here.
 */
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/errors';
import * as audit from '../audit/service';
import * as repository from './repository';

export const ACCOUNT_STATUSES = ['active', 'suspended', 'self_excluded', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The periods a player may exclude themselves for, in days; `null` is for good. */

export interface ProtectedPlayer {
  accountStatus: string;
  excludedUntil: Date | null;
}

/** The status in force now: a self-exclusion whose period has ended is active again. */
export function statusNow(player: ProtectedPlayer, now: Date): AccountStatus {
  if (
    player.accountStatus === 'self_excluded' &&
    player.excludedUntil !== null &&
    player.excludedUntil <= now
  )
    return 'active';
  return player.accountStatus as AccountStatus;
}

export function mayPlay(player: ProtectedPlayer, now: Date): boolean {
  return statusNow(player, now) === 'active';
}

/** The 403 of a player who may not deposit, bet or get a bonus now (the same text as the bet statement's). */
export class MayNotPlayError extends HttpError {
  constructor(readonly status: AccountStatus) {
    super(
      403,
      status === 'self_excluded'
        ? 'Your account is self-excluded: you can log in, withdraw and see your history, but not deposit or play.'
        : status === 'suspended'
          ? 'Your account is suspended: you can log in, withdraw and see your history. Contact support.'
          : 'Your account is closed: you can log in, withdraw and see your history.',
    );
    this.name = 'MayNotPlayError';
    this.code = `account_${status}`;
  }
}

export function assertMayPlay(player: ProtectedPlayer, now: Date): void {
  const status = statusNow(player, now);
  if (status !== 'active') throw new MayNotPlayError(status);
}

/** The player's status as the profile shows it. */
export function protectionOf(player: ProtectedPlayer, now: Date) {
  const status = statusNow(player, now);
  return {
    status,
    excluded_until:
      status === 'self_excluded' && player.excludedUntil ? player.excludedUntil.toISOString() : null,
  };
}

/**
 * The player excludes themselves, at once, for `days` (or for good with null). An exclusion in force is
 * only ever lengthened: a shorter period than the one running, or one on a suspended or closed account,
 * changes nothing (422 `days: shorter` / 403).
 */
export async function selfExclude(
  db: Executor,
  input: { userId: number; days: number | null; now: Date },
): Promise<{ status: AccountStatus; excludedUntil: Date | null }> {
  return db.transaction(async (tx) => {
    const row = await repository.lockStatus(tx, input.userId);
    if (!row) throw new HttpError(404, 'User not found.');
    const current = statusNow(row, input.now);
    if (current === 'suspended' || current === 'closed') throw new MayNotPlayError(current);
    const until =
      input.days === null ? null : new Date(input.now.getTime() + input.days * 24 * 60 * 60 * 1000);
    if (current === 'self_excluded') {
      const running = row.excludedUntil;
      const longer = running !== null && (until === null || until > running);
      if (!longer) return { status: current, excludedUntil: running };
    }
    await repository.setStatus(tx, input.userId, {
      accountStatus: 'self_excluded',
      excludedUntil: until,
      updatedAt: input.now,
    });
    await audit.recordAudit(tx, {
      actor: audit.playerActor(input.userId),
      action: 'account.self_exclude',
      subjectType: 'user',
      subjectId: input.userId,
      userId: input.userId,
      before: { status: current, excluded_until: row.excludedUntil },
      after: { status: 'self_excluded', excluded_until: until },
      at: input.now,
    });
    return { status: 'self_excluded' as const, excludedUntil: until };
  });
}

/** Whether the player may deposit, bet and get bonuses now (false for an unknown player). */
export async function userMayPlay(db: Executor, userId: number, now: Date): Promise<boolean> {
  const row = await repository.statusOf(db, userId);
  return row !== undefined && mayPlay(row, now);
}

/**
 * The operator suspends, reinstates or closes an account, with the reason. A self-exclusion in force is
 * the player's and is not lifted (`self_excluded`: nothing changed); suspending or closing overrides it.
 * A change is written to the audit log in its transaction (`account.suspend|reinstate|close`, by `actor`,
 * `system` when none is given).
 */
export async function setAccountStatus(
  db: Executor,
  input: {
    userId: number;
    status: 'active' | 'suspended' | 'closed';
    reason: string;
    now: Date;
    actor?: audit.Actor;
  },
): Promise<{ changed: boolean; before: AccountStatus; after: AccountStatus }> {
  return db.transaction(async (tx) => {
    const row = await repository.lockStatus(tx, input.userId);
    if (!row) throw new HttpError(404, 'User not found.');
    const before = statusNow(row, input.now);
    if (input.status === 'active' && before === 'self_excluded')
      return { changed: false, before, after: before };
    await repository.setStatus(tx, input.userId, {
      accountStatus: input.status,
      excludedUntil: null,
      statusReason: input.reason,
      updatedAt: input.now,
    });
    await audit.recordAudit(tx, {
      actor: input.actor ?? 'system',
      action: `account.${input.status === 'active' ? 'reinstate' : input.status === 'suspended' ? 'suspend' : 'close'}`,
      subjectType: 'user',
      subjectId: input.userId,
      userId: input.userId,
      before: { status: before, excluded_until: row.excludedUntil },
      after: { status: input.status, excluded_until: null },
      reason: input.reason,
      at: input.now,
    });
    return { changed: true, before, after: input.status };
  });
}

// --- limits the player sets (limits.ts) ---

export {
  assertDepositWithinLimits,
  assertSessionOpen,
  checkBet,
  LIMIT_RAISE_DELAY_MS,
  LIMIT_WINDOW_MS,
  limitInForce,
  limitsView,
  limitView,
  LOSS_WINDOW_DAYS,
  lossLimitErrorOf,
  recordPayout,
  SessionLimitError,
  sessionView,
  setLimit,
  type LimitKind,
} from './limits';
