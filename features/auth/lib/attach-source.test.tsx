import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCompleteLogin } from '@/features/auth/lib/use-complete-login';
import { api } from '@/lib/api/client';
import { attachSource, hasSourceAttribution } from '@/lib/attribution';
import { PROMO_SESSION_STORAGE_KEY } from '@/lib/constants/storage';
import { useSessionStore } from '@/lib/stores/session-store';
import messages from '@/messages/en.json';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { createTrafficBackend, trafficHandlers } from '@/tests/mocks/traffic-handlers';

/**
 * The attribution attached to the account after log-in (issue 6: "sent with sign-up and attached after
 * log-in"): lib/attribution.ts's `attachSource`, called by the log-in completion.
 */

const traffic = createTrafficBackend();
const server = withMockServer(createMockServer(...trafficHandlers(traffic)));

const NULLS = {
  stag: null,
  promo: null,
  partnerId: null,
  advId: null,
  advertiseUid: null,
  advertiseSource: null,
  cpaOneUid: null,
  prHash: null,
};

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" messages={messages}>
        {children}
      </NextIntlClientProvider>
    </QueryClientProvider>
  );
}

describe('attaching the source after log-in', () => {
  beforeEach(() => {
    Object.assign(traffic, createTrafficBackend());
  });

  afterEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    useSessionStore.getState().clearSession();
    vi.restoreAllMocks();
  });

  it('posts every attribution value the browser holds, each null if absent', async () => {
    Cookies.set('stag', 'aff_1', { path: '/' });
    Cookies.set('prHash', 'hash-1', { path: '/' });
    Cookies.set('advId', 'adv-1', { path: '/' });
    useSessionStore.getState().setToken('token-1');
    await attachSource(api);
    expect(traffic.attached).toEqual([{ ...NULLS, stag: 'aff_1', prHash: 'hash-1', advId: 'adv-1' }]);
  });

  it('takes the promo from the query, else the one the promo store kept for the session', async () => {
    useSessionStore.getState().setToken('token-1');
    window.sessionStorage.setItem(PROMO_SESSION_STORAGE_KEY, 'STORED10');
    await attachSource(api);
    window.history.replaceState(null, '', '/ru?promo=QUERY20');
    await attachSource(api);
    expect(traffic.attached.map((body) => body.promo)).toEqual(['STORED10', 'QUERY20']);
  });

  it('swallows and logs a failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(apiPath('/attachSource'), () => HttpResponse.json({}, { status: 500 })));
    await expect(attachSource(api)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('source attachment failed', expect.anything());
  });

  it('has something to attach only when a value is held', () => {
    expect(hasSourceAttribution()).toBe(false);
    Cookies.set('cpaOneUid', 'c-1', { path: '/' });
    expect(hasSourceAttribution()).toBe(true);
  });

  it('is attached, with the new token, once a log-in completes', async () => {
    Cookies.set('stag', 'aff_1', { path: '/' });
    let authorization: string | null = null;
    server.use(
      http.post(apiPath('/attachSource'), async ({ request }) => {
        authorization = request.headers.get('authorization');
        traffic.attached.push((await request.json()) as Record<string, string | null>);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result } = renderHook(() => useCompleteLogin(), { wrapper });
    await result.current({ token: 'login-token' });
    await waitFor(() => expect(traffic.attached).toEqual([{ ...NULLS, stag: 'aff_1' }]));
    expect(authorization).toBe('Bearer login-token');
  });

  it('does not fail or hold up the log-in when the attachment fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    Cookies.set('stag', 'aff_1', { path: '/' });
    server.use(http.post(apiPath('/attachSource'), () => HttpResponse.error()));
    const { result } = renderHook(() => useCompleteLogin(), { wrapper });
    await expect(result.current({ token: 'login-token' })).resolves.toMatchObject({ user: { id: 42 } });
    expect(useSessionStore.getState().isLoggedIn).toBe(true);
    await waitFor(() => expect(log).toHaveBeenCalledWith('source attachment failed', expect.anything()));
  });

  it('attaches nothing after a log-in when the browser holds no attribution', async () => {
    const post = vi.spyOn(api, 'post');
    const { result } = renderHook(() => useCompleteLogin(), { wrapper });
    await result.current({ token: 'login-token' });
    expect(post).not.toHaveBeenCalled();
  });
});
