/**
 * Device fingerprints uploaded with sign-ups and log-ins (`fpp`, sealed: lib/device-seal.ts): opened
 * with the API's key, recorded as sightings, and reported when one device serves several accounts.
 */
import { openFingerprint } from '@/lib/device-seal';
import type { Executor } from '../../db/client';
import { deviceKeyPair } from './keys';
import * as repository from './repository';

/** What an upload said: the fingerprint, or that it did not open. */
export interface DeviceUpload {
  fingerprint: string | null;
  unreadable: boolean;
}

export type SightingEvent = 'sign_up' | 'log_in' | 'social';

/**
 * Opens an uploaded `fpp`: null when none was sent (no sighting), else the fingerprint, or `unreadable`
 * when it is not a seal of a fingerprint to this API's key. Never rejects.
 */
export async function openUpload(
  seed: Uint8Array,
  sealed: string | null | undefined,
): Promise<DeviceUpload | null> {
  if (!sealed) return null;
  const { opening } = await deviceKeyPair(seed);
  const fingerprint = await openFingerprint(sealed, opening);
  return { fingerprint, unreadable: fingerprint === null };
}

/** Records that `userId` signed up or logged in with this upload (nothing when there was none). */
export async function recordSighting(
  db: Executor,
  input: { userId: number; event: SightingEvent; upload: DeviceUpload | null; ip: string; at: Date },
): Promise<void> {
  if (!input.upload) return;
  await repository.insertSighting(db, {
    userId: input.userId,
    event: input.event,
    fingerprint: input.upload.fingerprint,
    unreadable: input.upload.unreadable,
    ip: input.ip,
    createdAt: input.at,
  });
}

export interface DeviceReport {
  /** Devices (fingerprints) seen with several accounts: the multi-account signal. */
  shared: repository.SharedDeviceRow[];
  /** Accounts that uploaded fingerprints that did not open (tampered, or sealed to another key). */
  unreadable: repository.UnreadableUploadRow[];
}

/** The multi-account report (`npm run admin -- report devices`). */
export async function deviceReport(
  db: Executor,
  input: { since: Date | null; minAccounts: number },
): Promise<DeviceReport> {
  const [shared, unreadable] = await Promise.all([
    repository.sharedDevices(db, input.since, input.minAccounts),
    repository.unreadableUploads(db, input.since),
  ]);
  return { shared, unreadable };
}

/** Deletes the sightings recorded before `before` (with the traffic records' retention). */
export const pruneSightingsBefore = repository.deleteSightingsBefore;

/** Other accounts seen on a device (fingerprint) this one was seen on (`user show`). */
export const accountsOnSameDevice = repository.accountsOnSameDevice;
