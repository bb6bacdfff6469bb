import { describe, expect, it } from 'vitest';
import { pickMessages } from './pick-messages';

describe('pickMessages', () => {
  const messages = {
    nav: { home: 'Home' },
    auth: { logout: 'Log out', close: 'Close', login: 'Log in' },
    faq: { q: 'Q' },
  };

  it('keeps whole namespaces and single entries, nothing else', () => {
    expect(pickMessages(messages, ['nav', 'auth.logout', 'auth.close'])).toEqual({
      nav: { home: 'Home' },
      auth: { logout: 'Log out', close: 'Close' },
    });
  });

  it('skips paths that name nothing', () => {
    expect(pickMessages(messages, ['missing', 'auth.missing'])).toEqual({ auth: {} });
  });
});
