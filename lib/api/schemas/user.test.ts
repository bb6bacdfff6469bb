import { describe, expect, it } from 'vitest';
import { testUser } from '@/tests/mocks/fixtures';
import { userCurrency, userSchema } from './user';

describe('user schema', () => {
  it('accepts the shared test user and keeps unknown fields', () => {
    const parsed = userSchema.parse({ ...testUser, extra_flag: true });
    expect(parsed.id).toBe(42);
    expect(parsed).toHaveProperty('extra_flag', true);
  });

  it('fails loudly on a contract drift', () => {
    expect(() => userSchema.parse({ ...testUser, balance: '10.00' })).toThrow();
    expect(() => userSchema.parse({ ...testUser, currency: 'BTC' })).toThrow();
  });

  it('gives RUB when the user has no currency', () => {
    expect(userCurrency(userSchema.parse({ ...testUser, currency: null }))).toBe('RUB');
    expect(userCurrency({ currency: 'KZT' })).toBe('KZT');
    expect(userCurrency(null)).toBe('RUB');
  });
});
