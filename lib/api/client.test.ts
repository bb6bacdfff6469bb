import axios, { AxiosError, type AxiosInstance } from 'axios';
import Cookies from 'js-cookie';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_ERROR_MESSAGE } from '@/lib/constants/http';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { withMockServer } from '@/tests/mocks/server';
import { resolveApiBaseUrl } from './base-url';
import { api, createApiClient, createApiClients, serviceApi } from './client';

const BASE = 'http://api.test';
const server = withMockServer();

const unauthorized = () => new HttpResponse(null, { status: 401 });
const rejectionOf = async (promise: Promise<unknown>): Promise<AxiosError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AxiosError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
};

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
let client: AxiosInstance;

beforeEach(() => {
  useSessionStore.getState().clearSession();
  useSessionStore.setState({ ssoLink: null });
  useLocaleStore.setState(useLocaleStore.getInitialState(), true);
  navigate = vi.fn<(url: string) => void>();
  client = createApiClient(BASE, { navigate });
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** A protected resource that answers 200 only to `Bearer <validToken>`, recording every Authorization. */
function protectedItems(validToken: string, seen: string[], latencyById: Record<string, number> = {}) {
  return http.all(`${BASE}/items/:id`, async ({ request, params }) => {
    const id = String(params.id);
    const auth = request.headers.get('authorization') ?? '';
    seen.push(`${id} ${auth}`);
    if (auth === `Bearer ${validToken}`) {
      const body = request.method === 'GET' ? null : await request.text();
      return HttpResponse.json({ id, body });
    }
    await delay(latencyById[id] ?? 0);
    return unauthorized();
  });
}

function countingRefresh(
  respond: () => Response | Promise<Response>,
  log: { calls: number; auth: string[] },
) {
  return http.post(`${BASE}/auth/refresh-token`, async ({ request }) => {
    log.calls += 1;
    log.auth.push(request.headers.get('authorization') ?? '');
    await delay(20);
    return respond();
  });
}

describe('401 and token refresh', () => {
  it('replays every queued request after one refresh, each with the new token', async () => {
    useSessionStore.getState().setToken('old-token');
    const seen: string[] = [];
    const refresh = { calls: 0, auth: [] as string[] };
    server.use(
      protectedItems('new-token', seen),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), refresh),
    );

    const ids = ['1', '2', '3', '4', '5'];
    const responses = await Promise.all(ids.map((id) => client.get(`/items/${id}`)));

    expect(refresh.calls).toBe(1);
    expect(refresh.auth).toEqual(['Bearer old-token']);
    expect(responses.map((r) => r.data.id)).toEqual(ids);
    expect(seen.filter((s) => s.endsWith('Bearer old-token')).sort()).toEqual(
      ids.map((id) => `${id} Bearer old-token`),
    );
    expect(seen.filter((s) => s.endsWith('Bearer new-token')).sort()).toEqual(
      ids.map((id) => `${id} Bearer new-token`),
    );
    expect(useSessionStore.getState().token).toBe('new-token');
    expect(Cookies.get('token')).toBe('new-token');
  });

  it('makes no second refresh for a 401 that arrives after the refresh finished', async () => {
    useSessionStore.getState().setToken('old-token');
    const seen: string[] = [];
    const refresh = { calls: 0, auth: [] as string[] };
    server.use(
      protectedItems('new-token', seen, { '4': 120, '5': 150 }),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), refresh),
    );

    const responses = await Promise.all(['1', '2', '3', '4', '5'].map((id) => client.get(`/items/${id}`)));

    expect(refresh.calls).toBe(1);
    expect(responses).toHaveLength(5);
    expect(seen.filter((s) => s.endsWith('Bearer new-token'))).toHaveLength(5);
  });

  it('shares one refresh between the main client and the service clients', async () => {
    useSessionStore.getState().setToken('old-token');
    const clients = createApiClients({
      baseUrl: BASE,
      serviceBaseUrls: { crash: 'http://crash.test' },
      navigate,
    });
    const refresh = { calls: 0, auth: [] as string[] };
    const seen: string[] = [];
    server.use(
      protectedItems('new-token', seen),
      http.get('http://crash.test/round', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-token'
          ? HttpResponse.json({ ok: true })
          : unauthorized(),
      ),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), refresh),
    );

    const [main, crash] = await Promise.all([
      clients.api.get('/items/1'),
      clients.serviceApi.crash.get('/round'),
    ]);

    expect(refresh.calls).toBe(1);
    expect(main.data.id).toBe('1');
    expect(crash.data).toEqual({ ok: true });
  });

  it('replays a POST with its body', async () => {
    useSessionStore.getState().setToken('old-token');
    const seen: string[] = [];
    server.use(
      protectedItems('new-token', seen),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), { calls: 0, auth: [] }),
    );

    const response = await client.post('/items/9', { amount: 100 });

    expect(JSON.parse(response.data.body)).toEqual({ amount: 100 });
  });

  it('rejects every waiting request with its own original error and clears the session when the refresh fails', async () => {
    useSessionStore.getState().setToken('old-token');
    useSessionStore.getState().setUser({ id: 1, balance: 0 });
    const onRefreshError = vi.fn<(error: Error) => void>();
    client = createApiClient(BASE, { navigate, onRefreshError });
    const refresh = { calls: 0, auth: [] as string[] };
    server.use(
      protectedItems('new-token', []),
      countingRefresh(() => new HttpResponse(null, { status: 500 }), refresh),
    );

    const ids = ['1', '2', '3', '4', '5'];
    const errors = await Promise.all(ids.map((id) => rejectionOf(client.get(`/items/${id}`))));

    expect(refresh.calls).toBe(1);
    errors.forEach((error, i) => {
      expect(error.response?.status).toBe(401);
      expect(error.config?.url).toBe(`/items/${ids[i]}`);
    });
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, isLoggedIn: false });
    expect(Cookies.get('token')).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    expect(onRefreshError).toHaveBeenCalledTimes(1);
    expect(onRefreshError.mock.calls[0][0].message).toBe(REFRESH_TOKEN_ERROR_MESSAGE);
  });

  it('goes to the SSO link with the current address encoded in url= when the refresh call returns 401', async () => {
    window.history.replaceState(null, '', '/games/crash?bet=10&x=a b');
    const current = window.location.href;
    useSessionStore.getState().setToken('old-token');
    useSessionStore.getState().setSsoLink('https://sso.test/login');
    server.use(
      protectedItems('new-token', []),
      countingRefresh(() => unauthorized(), { calls: 0, auth: [] }),
    );

    const error = await rejectionOf(client.get('/items/1'));

    expect(error.config?.url).toBe('/items/1');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(`https://sso.test/login?url=${encodeURIComponent(current)}`);
    expect(current).toContain('/games/crash?bet=10');
    expect(useSessionStore.getState().token).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('only clears the session when the refresh call returns 401 and there is no SSO link', async () => {
    useSessionStore.getState().setToken('old-token');
    server.use(
      protectedItems('new-token', []),
      countingRefresh(() => unauthorized(), { calls: 0, auth: [] }),
    );

    const error = await rejectionOf(client.get('/items/1'));

    expect(error.response?.status).toBe(401);
    expect(navigate).not.toHaveBeenCalled();
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('sends the replay with the token the refresh returned, never the stale token, even if the store still holds it', async () => {
    // The store cannot take the new token here (setToken is a no-op), so the request interceptor would
    // write "Bearer stale" again if it touched the replay.
    client = createApiClient(BASE, { navigate, getToken: () => 'stale', setToken: () => {} });
    const seen: string[] = [];
    server.use(
      protectedItems('fresh', seen),
      countingRefresh(() => HttpResponse.json({ access_token: 'fresh' }), { calls: 0, auth: [] }),
    );

    const response = await client.get('/items/7');

    expect(response.data.id).toBe('7');
    expect(seen).toEqual(['7 Bearer stale', '7 Bearer fresh']);
  });

  it('logs out and rejects when the replay after a refresh gets 401 again, without a second refresh', async () => {
    useSessionStore.getState().setToken('old-token');
    const refresh = { calls: 0, auth: [] as string[] };
    let calls = 0;
    server.use(
      http.get(`${BASE}/profile/user`, () => {
        calls += 1;
        return unauthorized();
      }),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), refresh),
    );

    const error = await rejectionOf(client.get('/profile/user'));

    expect(error.response?.status).toBe(401);
    expect(calls).toBe(2);
    expect(refresh.calls).toBe(1);
    expect(useSessionStore.getState().token).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('rejects a guest 401 unchanged without a refresh', async () => {
    const refresh = { calls: 0, auth: [] as string[] };
    server.use(
      http.get(`${BASE}/profile/user`, unauthorized),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), refresh),
    );

    const error = await rejectionOf(client.get('/profile/user'));

    expect(error.response?.status).toBe(401);
    expect(refresh.calls).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a 401 unchanged without a refresh when the request opts out with skipAuthRefresh', async () => {
    useSessionStore.getState().setToken('old-token');
    const refresh = { calls: 0, auth: [] as string[] };
    server.use(
      http.post(`${BASE}/api/v2/auth/login/email/password`, unauthorized),
      countingRefresh(() => HttpResponse.json({ access_token: 'new-token' }), refresh),
    );

    const error = await rejectionOf(
      client.post('/api/v2/auth/login/email/password', {}, { skipAuthRefresh: true }),
    );

    expect(error.response?.status).toBe(401);
    expect(refresh.calls).toBe(0);
    expect(useSessionStore.getState().token).toBe('old-token');
  });

  it('rejects other errors unchanged', async () => {
    useSessionStore.getState().setToken('old-token');
    server.use(
      http.post(`${BASE}/payments`, () =>
        HttpResponse.json({ errors: { amount: ['min: x'] } }, { status: 422 }),
      ),
    );

    const error = await rejectionOf(client.post('/payments', { amount: 1 }));

    expect(error.response?.status).toBe(422);
    expect(error.response?.data).toEqual({ errors: { amount: ['min: x'] } });
    expect(useSessionStore.getState().token).toBe('old-token');
  });
});

describe('retry policy', () => {
  function flaky(
    method: 'get' | 'head' | 'options' | 'post' | 'put' | 'patch' | 'delete',
    status: number,
    failures = 1,
  ) {
    const log = { calls: 0 };
    server.use(
      http[method](`${BASE}/flaky`, () => {
        log.calls += 1;
        return log.calls <= failures ? new HttpResponse(null, { status }) : HttpResponse.json({ ok: true });
      }),
    );
    return log;
  }

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once after status %i', async (status) => {
    const log = flaky('get', status);

    const response = await client.get('/flaky');

    expect(response.data).toEqual({ ok: true });
    expect(log.calls).toBe(2);
  });

  it('retries a GET only once, then rejects with the status', async () => {
    const log = flaky('get', 503, 5);

    const error = await rejectionOf(client.get('/flaky'));

    expect(error.response?.status).toBe(503);
    expect(log.calls).toBe(2);
  });

  it.each([400, 404])('does not retry a GET after status %i', async (status) => {
    const log = flaky('get', status);

    const error = await rejectionOf(client.get('/flaky'));

    expect(error.response?.status).toBe(status);
    expect(log.calls).toBe(1);
  });

  it.each(['head', 'options'] as const)('retries %s once by default', async (method) => {
    const log = flaky(method, 503);

    await client.request({ url: '/flaky', method });

    expect(log.calls).toBe(2);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('does not retry %s by default', async (method) => {
    const log = flaky(method, 503);

    const error = await rejectionOf(client.request({ url: '/flaky', method, data: { a: 1 } }));

    expect(error.response?.status).toBe(503);
    expect(log.calls).toBe(1);
  });

  it('retries a POST as often as the request asks', async () => {
    const log = flaky('post', 502, 2);

    const response = await client.post('/flaky', { a: 1 }, { retry: 2 });

    expect(response.data).toEqual({ ok: true });
    expect(log.calls).toBe(3);
  });

  it('does not retry a GET that asks for retry: 0', async () => {
    const log = flaky('get', 503);

    await rejectionOf(client.get('/flaky', { retry: 0 }));

    expect(log.calls).toBe(1);
  });
});

describe('451 from the API', () => {
  it('sends the browser to /no-access in the current language and rejects the call unchanged', async () => {
    server.use(
      http.post(`${BASE}/dice/bet`, () => HttpResponse.json({ message: 'blocked' }, { status: 451 })),
    );
    useLocaleStore.setState({ locale: 'en' });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/en', assign });
    client = createApiClient(BASE);

    const error = await rejectionOf(client.post('/dice/bet', { amount: 1 }));

    expect(error.response?.status).toBe(451);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/en/no-access`);
    vi.restoreAllMocks();
  });

  it('does not navigate again when the visitor is already on /no-access', async () => {
    server.use(http.get(`${BASE}/geo_ip`, () => HttpResponse.json({ message: 'blocked' }, { status: 451 })));
    const onGeoBlocked = vi.fn();
    client = createApiClient(BASE, { onGeoBlocked });

    await rejectionOf(client.get('/geo_ip'));

    expect(onGeoBlocked).toHaveBeenCalledTimes(1);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/ru/no-access',
      assign,
    });
    useLocaleStore.setState({ locale: 'ru' });
    client = createApiClient(BASE);
    await rejectionOf(client.get('/geo_ip'));
    expect(assign).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('request headers', () => {
  function echoHeaders() {
    server.use(
      http.get(`${BASE}/echo`, ({ request }) =>
        HttpResponse.json({
          authorization: request.headers.get('authorization'),
          region: request.headers.get('region'),
          acceptLanguage: request.headers.get('accept-language'),
        }),
      ),
    );
  }

  it('sends the bearer token, the region and the locale when they are set', async () => {
    echoHeaders();
    useSessionStore.getState().setToken('abc');
    useLocaleStore.getState().setRegion('KZ');
    useLocaleStore.getState().setLocale('kz');

    const { data } = await client.get('/echo');

    expect(data).toEqual({ authorization: 'Bearer abc', region: 'KZ', acceptLanguage: 'kz' });
  });

  it('sends no Authorization and no Region for a guest without a region, and Accept-Language ru by default', async () => {
    echoHeaders();

    const { data } = await client.get('/echo');

    expect(data).toEqual({ authorization: null, region: null, acceptLanguage: 'ru' });
  });

  it('sends the locale br as pt-BR', async () => {
    echoHeaders();
    client = createApiClient(BASE, { getLocale: () => 'br' });

    const { data } = await client.get('/echo');

    expect(data.acceptLanguage).toBe('pt-BR');
  });
});

describe('HTTP client errors', () => {
  it('surfaces a network failure as "Network Error" without retrying', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/down`, () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );

    const error = await rejectionOf(client.get('/down'));

    expect(error.message).toBe('Network Error');
    expect(error.response).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('surfaces a timeout as "timeout of 50ms exceeded"', async () => {
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );

    // msw's XMLHttpRequest stand-in never fires `timeout`, so this one request goes through axios' Node
    // adapter, which raises the same error text as the browser's XHR adapter.
    const error = await rejectionOf(client.get('/slow', { timeout: 50, adapter: 'http' }));

    expect(error.message).toBe('timeout of 50ms exceeded');
    expect(error.code).toBe(AxiosError.ECONNABORTED);
  });

  it('surfaces "Request aborted" unchanged', async () => {
    const aborted = await rejectionOf(
      client.get('/x', {
        adapter: (config) =>
          Promise.reject(new AxiosError('Request aborted', AxiosError.ECONNABORTED, config)),
      }),
    );

    expect(aborted.message).toBe('Request aborted');
    expect(aborted.code).toBe(AxiosError.ECONNABORTED);
  });

  it('surfaces "Unsupported protocol" unchanged', async () => {
    const error = await rejectionOf(createApiClient('ftp://api.test').get('/file'));

    expect(error.message).toMatch(/^Unsupported protocol ftp:?$/);
  });
});

describe('singletons', () => {
  it('points the main client at the derived API address and each service client at its own address', () => {
    expect(api.defaults.baseURL).toBe(resolveApiBaseUrl());
    expect(api.defaults.baseURL).toBe('http://api.localhost:3000');
    expect(Object.keys(serviceApi).sort()).toEqual([
      'cases',
      'coinflip',
      'crash',
      'dice',
      'general',
      'keno',
      'miner',
    ]);
    expect(serviceApi.crash.defaults.baseURL).toBe('http://api.localhost:3000');
    expect(axios.isAxiosError(new AxiosError('x'))).toBe(true);
  });
});
