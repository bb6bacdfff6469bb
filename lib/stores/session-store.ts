import Cookies from 'js-cookie';
import { create } from 'zustand';
import type { User } from '@/lib/api/schemas/user';
import { COOKIE, cookieExpiresFor } from '@/lib/constants/cookies';

/**
 * The session (spec sections 3 and 4): bearer token kept in the `token` cookie for 30 days, the profile
 * user, the SSO link. Logged in means a token is present.
 *
 * Hydration: the store's initial state is always logged out, the same on the server and in the browser,
 * so server HTML and the first client render agree (zustand serves `getInitialState()` as the server
 * snapshot). In the browser the token cookie is read right after creation, so `getState()` (the HTTP
 * client, code outside React) and components after hydration see the real session at once.
 *
 * On the server this module is a process-wide singleton: never write a user into it there.
 */
export interface SessionState {
  token: string | null;
  user: User | null;
  ssoLink: string | null;
  /** Derived: `token !== null`. Kept in sync by the actions. */
  isLoggedIn: boolean;
  /** Saves the token (and the cookie); `null` or an empty string removes both. */
  setToken: (token: string | null) => void;
  setUser: (user: User | null) => void;
  setSsoLink: (ssoLink: string | null) => void;
  /** Logs out locally: removes the token cookie, the token and the user. The SSO link stays. */
  clearSession: () => void;
}

function cookieAttributes(): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { expires: cookieExpiresFor(COOKIE.token), path: '/', sameSite: 'lax', secure };
}

function readTokenCookie(): string | null {
  if (typeof document === 'undefined') return null;
  return Cookies.get(COOKIE.token) || null;
}

export const useSessionStore = create<SessionState>()((set) => ({
  token: null,
  user: null,
  ssoLink: null,
  isLoggedIn: false,
  setToken: (token) => {
    if (!token) {
      Cookies.remove(COOKIE.token, { path: '/' });
      set({ token: null, isLoggedIn: false });
      return;
    }
    Cookies.set(COOKIE.token, token, cookieAttributes());
    set({ token, isLoggedIn: true });
  },
  setUser: (user) => set({ user }),
  setSsoLink: (ssoLink) => set({ ssoLink: ssoLink || null }),
  clearSession: () => {
    Cookies.remove(COOKIE.token, { path: '/' });
    set({ token: null, user: null, isLoggedIn: false });
  },
}));

const initialToken = readTokenCookie();
if (initialToken) useSessionStore.setState({ token: initialToken, isLoggedIn: true });

// `<html data-session>`: set from the cookie by the locale layout's inline script before the first paint
// (SESSION_MARK_SCRIPT), so the server HTML keeps the right space for what only the browser knows; kept
// in step with the session from then on.
if (typeof document !== 'undefined') {
  useSessionStore.subscribe(({ isLoggedIn }) => {
    document.documentElement.dataset.session = isLoggedIn ? 'user' : 'guest';
  });
}

/** The inline script that marks `<html data-session="user|guest">` from the token cookie before paint. */
export const SESSION_MARK_SCRIPT = `document.documentElement.dataset.session=/(?:^|;\\s*)${COOKIE.token}=[^;]/.test(document.cookie)?'user':'guest'`;

export const selectIsLoggedIn = (state: SessionState) => state.isLoggedIn;
export const selectUser = (state: SessionState) => state.user;
export const selectToken = (state: SessionState) => state.token;
