import { randomBytes } from 'node:crypto';
import type { ProfileUser } from '@/lib/contracts/auth';
import type { Executor } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { getBalances } from '../wallet/balances';
import * as repository from './repository';
import type { NewUserRow, UserRow } from './schema';

export type { UserRow };

declare module '../../plugins/request-context' {
  /** `request.currentUser()` of the request-context plugin answers this module's row. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RequestUser extends UserRow {}
}

export const findUserById = repository.findById;
export const findUserByEmail = repository.findByEmail;
export const findUserByPhone = repository.findByPhone;
export const listNewestUsers = repository.listNewest;
export const linkedUserIds = repository.linkedUserIds;
export const setPasswordIfUnset = repository.setPasswordIfUnset;
export const listDeviceTags = repository.listDeviceTags;
export const countUsers = repository.count;

export type UserIdentifier =
  | { by: 'id'; id: number }
  | { by: 'email'; email: string }
  | { by: 'phone'; phone: string };

/** `12` → id, `a@b.example` → e-mail, `+7 701 000 00 01` → phone (how operators name a user). */
export function parseUserIdentifier(raw: string): UserIdentifier | undefined {
  const value = raw.trim();
  if (/^\d{1,10}$/.test(value)) return { by: 'id', id: Number(value) };
  if (/^[^\s@]+@[^\s@]+$/.test(value)) return { by: 'email', email: value.toLowerCase() };
  const phone = value.replace(/[\s()-]/g, '');
  if (/^\+[1-9]\d{9,14}$/.test(phone)) return { by: 'phone', phone };
  return undefined;
}

/** The user an identifier names, if any. */
export function findUserByIdentifier(db: Executor, lookup: UserIdentifier): Promise<UserRow | undefined> {
  return lookup.by === 'id'
    ? repository.findById(db, lookup.id)
    : lookup.by === 'email'
      ? repository.findByEmail(db, lookup.email)
      : repository.findByPhone(db, lookup.phone);
}

/** A new opaque device tag (the super_bonus cookie value). */
export function newSuperBonusTag(): string {
  return randomBytes(12).toString('base64url');
}

/** Inserts a user; unique violations (e-mail, phone) surface as the driver error for the caller to map. */
export function insertUser(
  db: Executor,
  user: Omit<NewUserRow, 'superBonusTag'>,
  now: Date,
): Promise<UserRow> {
  return repository.insert(db, {
    ...user,
    superBonusTag: newSuperBonusTag(),
    createdAt: now,
    updatedAt: now,
  });
}

export function updateUser(
  db: Executor,
  id: number,
  changes: Partial<Omit<NewUserRow, 'id'>>,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.update(db, id, changes, now);
}

/** The profile's `user` (spec §3) with the balances of the wallet. */
export async function toProfileUser(db: Executor, user: UserRow): Promise<ProfileUser> {
  const balances = await getBalances(db, user.id, user.currency);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    ...balances,
    currency: user.currency as ProfileUser['currency'],
    locale: user.locale as ProfileUser['locale'],
    timezone: user.timezone,
    register_method: user.registerMethod as ProfileUser['register_method'],
    is_phone_verified: user.isPhoneVerified,
    is_email_verified: user.isEmailVerified,
    is_password_exists: user.passwordHash !== null,
    is_avatar_hidden: user.isAvatarHidden,
    is_statistics_hidden: user.isStatisticsHidden,
    image: { small: user.avatarUrl },
    premium: { status: user.premiumStatus },
    vip_level: user.vipLevel,
    verification: { is_need: user.verificationRequired, data: { status: user.verificationStatus } },
  };
}

/** Remembers the device tag a profile call carried (`whoAreYou`), linking this user to that device. */
export async function rememberDeviceTag(
  db: Executor,
  user: UserRow,
  tag: string | undefined,
  now: Date,
): Promise<void> {
  if (!tag || tag === user.superBonusTag) return;
  await repository.addDeviceTag(db, user.id, tag, now);
}

/**
 * The canonical IANA name of a time zone (`europe/moscow` → `Europe/Moscow`), or undefined when Intl does
 * not know it. Offsets (`+05:00`) and abbreviations are refused: only Area/Location names and UTC.
 */
export function canonicalTimeZone(input: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(input)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: input }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export async function updateSettings(
  db: Executor,
  userId: number,
  change: Partial<{
    locale: 'ru' | 'en' | 'kz';
    timezone: string;
    is_avatar_hidden: boolean;
    is_statistics_hidden: boolean;
  }>,
  now: Date,
): Promise<UserRow> {
  const changes: Partial<NewUserRow> = {};
  if (change.locale !== undefined) changes.locale = change.locale;
  if (change.timezone !== undefined) {
    const zone = canonicalTimeZone(change.timezone);
    if (!zone)
      throw ValidationError.field('timezone', 'invalid', 'The timezone must be a valid IANA time zone.');
    changes.timezone = zone;
  }
  if (change.is_avatar_hidden !== undefined) changes.isAvatarHidden = change.is_avatar_hidden;
  if (change.is_statistics_hidden !== undefined) changes.isStatisticsHidden = change.is_statistics_hidden;
  const row = await repository.update(db, userId, changes, now);
  if (!row) throw new Error(`User ${userId} vanished`);
  return row;
}
