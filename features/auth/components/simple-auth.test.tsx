import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { runSimpleAuth } from '../lib/run-simple-auth';
import { SimpleAuth, tokenSubject } from './simple-auth';

const nav = vi.hoisted(() => ({ search: '' }));
vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams(nav.search) }));

const server = withMockServer();

/** An access token of the API's shape (`sub` = the user id); its signature is not checked here. */
const jwt = (sub: string, extra: Record<string, unknown> = {}) => {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, fid: 'f', ...extra })}.signature`;
};

describe('the simple-auth flow', () => {
  afterEach(() => {
    useSessionStore.getState().clearSession();
    vi.restoreAllMocks();
  });

  it('fetches the profile with the token, reports IP and user agent, attaches the source, then refreshes the token', async () => {
    const calls: string[] = [];
    let profileCalls = 0;
    server.use(
      http.get(apiPath('/profile/user'), ({ request }) => {
        profileCalls += 1;
        calls.push(`profile ${request.headers.get('authorization')}`);
        return HttpResponse.json({
          user: testUser,
          features: {},
          region: 'RU',
          fresh_token: `fresh-${profileCalls}`,
          super_bonus: null,
        });
      }),
      http.post(apiPath('/middleware/ip'), async ({ request }) => {
        const body = (await request.json()) as { host: string; userAgent: string };
        calls.push(`ip ${body.host} ${body.userAgent ? 'ua' : ''}`);
        return HttpResponse.json({});
      }),
      http.post(apiPath('/attachSource'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`attach ${Object.keys(body).sort().join(',')}`);
        return HttpResponse.json({});
      }),
    );
    await expect(runSimpleAuth('simple-token')).resolves.toBe(true);
    expect(calls).toEqual([
      'profile Bearer simple-token',
      `ip ${window.location.host} ua`,
      'attach advId,advertiseSource,advertiseUid,cpaOneUid,partnerId,prHash,promo,stag',
      'profile Bearer fresh-1',
    ]);
    expect(useSessionStore.getState().token).toBe('fresh-2');
  });

  it('goes on when the IP report and the source attachment fail (swallowed and logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(apiPath('/middleware/ip'), () => HttpResponse.json({}, { status: 500 })),
      http.post(apiPath('/attachSource'), () => HttpResponse.error()),
    );
    await expect(runSimpleAuth('simple-token')).resolves.toBe(true);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('clears the token cookie when the profile fetch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiPath('/profile/user'), () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 403 }),
      ),
    );
    await expect(runSimpleAuth('bad-token')).resolves.toBe(false);
    expect(useSessionStore.getState().token).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });
});

describe('the simple-auth link', () => {
  let requests: { authorization: string | null; href: string }[];

  /** Opens `/ru/faq?query` with the link's parameters, as the browser would, and mounts the flow. */
  function open(query: string) {
    window.history.replaceState({ router: 'state' }, '', `/ru/faq?${query}#top`);
    nav.search = query;
    return renderWithApp(<SimpleAuth />);
  }

  beforeEach(() => {
    requests = [];
    server.use(
      http.get(apiPath('/profile/user'), ({ request }) => {
        // Where the page was when the request left: the token must already be out of the address.
        requests.push({ authorization: request.headers.get('authorization'), href: window.location.href });
        return HttpResponse.json({
          user: testUser,
          features: {},
          region: 'RU',
          fresh_token: `fresh-${requests.length}`,
          super_bonus: null,
        });
      }),
      http.post(apiPath('/middleware/ip'), () => HttpResponse.json({})),
      http.post(apiPath('/attachSource'), () => HttpResponse.json({})),
    );
  });

  afterEach(() => {
    act(() => useSessionStore.getState().clearSession());
    Cookies.remove('simpleAuth', { path: '/' });
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('takes the token out of the address before any request, keeping the rest of it and the history state', async () => {
    Cookies.set('simpleAuth', '1', { path: '/' });
    open(`simple_auth=1&simpleAuthToken=${jwt('7')}&stag=42`);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/ru/faq?simple_auth=1&stag=42#top',
    );
    expect(window.history.state).toEqual({ router: 'state' });
    await waitFor(() => expect(useSessionStore.getState().token).toBe('fresh-2'));
    expect(requests.map((r) => r.authorization)).toEqual([`Bearer ${jwt('7')}`, 'Bearer fresh-1']);
    for (const { href } of requests) expect(href).not.toContain('simpleAuthToken');
  });

  it('signs in a guest without asking', async () => {
    Cookies.set('simpleAuth', '1', { path: '/' });
    open(`simpleAuthToken=${jwt('7')}`);
    await waitFor(() => expect(useSessionStore.getState().token).toBe('fresh-2'));
    expect(screen.queryByTestId('simple-auth-switch')).not.toBeInTheDocument();
  });

  it('only removes the token without the simpleAuth cookie', async () => {
    open(`simpleAuthToken=${jwt('7')}`);
    expect(window.location.search).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('asks a player signed in with another account, and keeps their session when they refuse', async () => {
    const user = userEvent.setup();
    Cookies.set('simpleAuth', '1', { path: '/' });
    act(() => useSessionStore.getState().setToken(jwt('1')));
    open(`simpleAuthToken=${jwt('2')}`);

    const dialog = await screen.findByTestId('simple-auth-switch');
    expect(dialog).toHaveTextContent('Switch accounts?');
    expect(window.location.search).toBe('');
    expect(requests).toEqual([]);
    expect(useSessionStore.getState().token).toBe(jwt('1'));

    await user.click(screen.getByRole('button', { name: 'Stay in my account' }));
    await waitFor(() => expect(screen.queryByTestId('simple-auth-switch')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(useSessionStore.getState().token).toBe(jwt('1'));
    expect(document.cookie).toContain(`token=${jwt('1')}`);
  });

  it('keeps the session when the player closes the question with Escape', async () => {
    const user = userEvent.setup();
    Cookies.set('simpleAuth', '1', { path: '/' });
    act(() => useSessionStore.getState().setToken(jwt('1')));
    open(`simpleAuthToken=${jwt('2')}`);
    await screen.findByTestId('simple-auth-switch');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('simple-auth-switch')).not.toBeInTheDocument());
    expect(requests).toEqual([]);
    expect(useSessionStore.getState().token).toBe(jwt('1'));
  });

  it('switches to the link’s account when the player agrees', async () => {
    const user = userEvent.setup();
    Cookies.set('simpleAuth', '1', { path: '/' });
    act(() => useSessionStore.getState().setToken(jwt('1')));
    open(`simpleAuthToken=${jwt('2')}`);
    await user.click(await screen.findByRole('button', { name: 'Switch account' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('fresh-2'));
    expect(requests[0].authorization).toBe(`Bearer ${jwt('2')}`);
  });

  it('does not ask when the link signs in to the account already signed in', async () => {
    Cookies.set('simpleAuth', '1', { path: '/' });
    act(() => useSessionStore.getState().setToken(jwt('1', { iat: 1 })));
    open(`simpleAuthToken=${jwt('1', { iat: 2 })}`);
    await waitFor(() => expect(useSessionStore.getState().token).toBe('fresh-2'));
    expect(screen.queryByTestId('simple-auth-switch')).not.toBeInTheDocument();
  });

  it('reads the account of a token, and nothing from a token that is not a JWT', () => {
    expect(tokenSubject(jwt('42'))).toBe('42');
    expect(tokenSubject('opaque-token')).toBeNull();
    expect(tokenSubject('a.!!!.c')).toBeNull();
  });
});
