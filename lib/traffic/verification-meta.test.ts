import { describe, expect, it } from 'vitest';
import { verificationFromToken, verificationToken } from './verification-meta';

describe('verification tokens', () => {
  it.each(['google-abc_123', 'yandex: 7f3c9e', 'проверка', 'a', 'x'.repeat(512), 'a+b/c=d?&#'])(
    'round-trips %j through a path-safe token',
    (value) => {
      const token = verificationToken(value);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(verificationFromToken(token)).toBe(value);
    },
  );

  it.each(['', 'a.b', 'abc=', 'a', '%2F', '__-_', '/x'])('refuses %j', (token) => {
    expect(verificationFromToken(token)).toBeNull();
  });

  it('refuses a token whose bytes are not UTF-8', () => {
    expect(verificationFromToken('_w')).toBeNull();
  });
});
