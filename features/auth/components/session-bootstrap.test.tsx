import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/lib/session/logout';
import { onAnalyticsEvent } from '@/lib/analytics';
import { useSessionStore } from '@/lib/stores/session-store';
import messages from '@/messages/en.json';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { SessionBootstrap } from './session-bootstrap';

const nav = vi.hoisted(() => ({ replace: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/games/dice',
  useRouter: () => ({ replace: nav.replace }),
}));

const server = withMockServer();

function renderBootstrap(locale: 'ru' | 'en' | 'kz' = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale={locale} messages={messages}>
        <SessionBootstrap />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('SessionBootstrap', () => {
  afterEach(() => {
    act(() => useSessionStore.getState().clearSession());
    nav.replace.mockReset();
    vi.restoreAllMocks();
  });

  it('logs the user out locally when the profile cannot be fetched', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiPath('/profile/user'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    act(() => useSessionStore.getState().setToken('stale'));
    renderBootstrap();
    await waitFor(() => expect(useSessionStore.getState().isLoggedIn).toBe(false));
    expect(log).toHaveBeenCalled();
  });

  it("applies the user's saved locale, and saves a guessed timezone when there is none", async () => {
    let saved: unknown;
    server.use(
      http.get(apiPath('/profile/user'), () =>
        HttpResponse.json({
          user: { ...testUser, locale: 'kz', timezone: null },
          features: {},
          region: 'KZ',
          fresh_token: null,
          super_bonus: null,
        }),
      ),
      http.put(apiPath('/profile/settings'), async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ user: { ...testUser, locale: 'kz', timezone: 'UTC' } });
      }),
    );
    renderBootstrap('en');
    // Signs in on this page.
    act(() => useSessionStore.getState().setToken('t'));
    await waitFor(() =>
      expect(nav.replace).toHaveBeenCalledWith('/games/dice', { locale: 'kz', scroll: false }),
    );
    await waitFor(() =>
      expect(saved).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    );
  });

  it('uses English when the saved locale is not supported', async () => {
    server.use(
      http.get(apiPath('/profile/user'), () =>
        HttpResponse.json({
          user: { ...testUser, locale: 'de', timezone: 'UTC' },
          features: {},
          region: 'RU',
          fresh_token: null,
          super_bonus: null,
        }),
      ),
    );
    renderBootstrap('ru');
    act(() => useSessionStore.getState().setToken('t'));
    await waitFor(() =>
      expect(nav.replace).toHaveBeenCalledWith('/games/dice', { locale: 'en', scroll: false }),
    );
  });

  it("keeps the address's language for a page opened signed in, and still saves a guessed timezone", async () => {
    let saved: unknown;
    server.use(
      http.get(apiPath('/profile/user'), () =>
        HttpResponse.json({
          user: { ...testUser, locale: 'en', timezone: null },
          features: {},
          region: 'RU',
          fresh_token: null,
          super_bonus: null,
        }),
      ),
      http.put(apiPath('/profile/settings'), async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ user: { ...testUser, locale: 'en', timezone: 'UTC' } });
      }),
    );
    // The token cookie was there when the page opened (a shared /ru link, a reload).
    act(() => useSessionStore.getState().setToken('t'));
    renderBootstrap('ru');
    await waitFor(() => expect(saved).toBeDefined());
    expect(nav.replace).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('clears the token cookie and the user and resets analytics even when the server is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.put(apiPath('/auth/logout'), () => HttpResponse.error()));
    act(() => {
      useSessionStore.getState().setToken('t');
      useSessionStore.getState().setUser(testUser);
    });
    const events: string[] = [];
    onAnalyticsEvent((e) => events.push(e.event));
    await logout(new QueryClient());
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });
});
