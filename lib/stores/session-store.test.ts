import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/tests/mocks/fixtures';
import { useSessionStore } from './session-store';

beforeEach(() => {
  useSessionStore.getState().clearSession();
  useSessionStore.setState({ ssoLink: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('logs in when a token is set and keeps it in the token cookie for 30 days', () => {
    const set = vi.spyOn(Cookies, 'set');

    useSessionStore.getState().setToken('abc');

    expect(useSessionStore.getState()).toMatchObject({ token: 'abc', isLoggedIn: true });
    expect(Cookies.get('token')).toBe('abc');
    expect(set).toHaveBeenCalledWith('token', 'abc', expect.objectContaining({ expires: 30, path: '/' }));
  });

  it('logs out locally: cookie, token and user gone, SSO link kept', () => {
    const state = useSessionStore.getState();
    state.setToken('abc');
    state.setUser(testUser);
    state.setSsoLink('https://sso.test');

    useSessionStore.getState().clearSession();

    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      user: null,
      isLoggedIn: false,
      ssoLink: 'https://sso.test',
    });
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('removes the cookie when the token is set to null', () => {
    useSessionStore.getState().setToken('abc');
    useSessionStore.getState().setToken(null);
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('reads the token cookie on creation in the browser, while its initial (server) state stays logged out', async () => {
    Cookies.set('token', 'from-cookie');
    vi.resetModules();

    const { useSessionStore: fresh } = await import('./session-store');

    expect(fresh.getState()).toMatchObject({ token: 'from-cookie', isLoggedIn: true });
    expect(fresh.getInitialState()).toMatchObject({ token: null, isLoggedIn: false });
    Cookies.remove('token');
  });
});
