import { describe, expect, it } from 'vitest';
import { takeQueryFlags } from './query-flags';

describe('takeQueryFlags', () => {
  it('names the dialog of each flag and removes only the flags', () => {
    const { modals, rest } = takeQueryFlags(new URLSearchParams('login=1&utm_source=x&deposit'));
    expect(modals).toEqual(['login', 'PayIn']);
    expect(rest.toString()).toBe('utm_source=x');
  });

  it('maps signup to the signup dialog whatever its value', () => {
    expect(takeQueryFlags(new URLSearchParams('signup=true')).modals).toEqual(['signup']);
    expect(takeQueryFlags(new URLSearchParams('signup')).modals).toEqual(['signup']);
  });

  it('finds nothing in a query without flags', () => {
    const { modals, rest } = takeQueryFlags(new URLSearchParams('a=1'));
    expect(modals).toEqual([]);
    expect(rest.toString()).toBe('a=1');
  });
});
