import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_REGISTRATION_WAIT_MS } from '@/lib/constants/timing';
import { registrationAttributionWithFingerprint } from './attribution';

const fingerprint = vi.hoisted(() => ({ within: vi.fn() }));
vi.mock('@/lib/fingerprint', () => ({ getSealedFingerprintWithin: fingerprint.within }));

describe('registrationAttributionWithFingerprint', () => {
  afterEach(() => {
    fingerprint.within.mockReset();
    Cookies.remove('stag', { path: '/' });
  });

  it(`sends the sealed fingerprint it waited for (at most ${FINGERPRINT_REGISTRATION_WAIT_MS} ms) with the attribution cookies`, async () => {
    fingerprint.within.mockResolvedValue('v1.sealed');
    Cookies.set('stag', 'aff_1', { path: '/' });
    await expect(registrationAttributionWithFingerprint(' PROMO1 ')).resolves.toEqual({
      fpp: 'v1.sealed',
      partner: null,
      adplace: null,
      stag: 'aff_1',
      promo: 'PROMO1',
    });
    expect(fingerprint.within).toHaveBeenCalledWith(FINGERPRINT_REGISTRATION_WAIT_MS);
  });

  it('registers with a null fpp when no fingerprint came in time', async () => {
    fingerprint.within.mockResolvedValue(null);
    await expect(registrationAttributionWithFingerprint()).resolves.toMatchObject({ fpp: null });
  });
});
