import { describe, expect, it } from 'vitest';
import { mapVerificationStatus } from './verification';

describe('verification status text', () => {
  it.each(['init', 'waiting', 'user_pending', 'pending'])('shows %s as pending', (status) => {
    expect(mapVerificationStatus(status)).toBe('pending');
  });

  it.each(['failed', 'unverified'])('shows %s as failed', (status) => {
    expect(mapVerificationStatus(status)).toBe('failed');
  });

  it.each(['success', 'verified'])('shows %s as success', (status) => {
    expect(mapVerificationStatus(status)).toBe('success');
  });

  it('gives null for a missing or unknown status', () => {
    expect(mapVerificationStatus(undefined)).toBeNull();
    expect(mapVerificationStatus(null)).toBeNull();
    expect(mapVerificationStatus('')).toBeNull();
    expect(mapVerificationStatus('approved')).toBeNull();
    expect(mapVerificationStatus('constructor')).toBeNull();
  });
});
