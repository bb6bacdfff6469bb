/** Verification status text of spec section 4. */

export const VERIFICATION_STATES = ['pending', 'failed', 'success'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

const STATUS_TO_STATE: Readonly<Record<string, VerificationState>> = {
  init: 'pending',
  waiting: 'pending',
  user_pending: 'pending',
  pending: 'pending',
  failed: 'failed',
  unverified: 'failed',
  success: 'success',
  verified: 'success',
};

/** The state shown for a `verification.data.status` value; `null` for a missing or unknown status. */
export function mapVerificationStatus(status: string | null | undefined): VerificationState | null {
  const key = status?.trim().toLowerCase();
  if (!key || !Object.hasOwn(STATUS_TO_STATE, key)) return null;
  return STATUS_TO_STATE[key];
}
