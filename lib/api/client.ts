import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  DEFAULT_RETRIES_BY_METHOD,
  REFRESH_TOKEN_ERROR_MESSAGE,
  REFRESH_TOKEN_PATH,
  RETRY_STATUSES,
  toAcceptLanguage,
  REQUEST_TIMEOUT_MS,
} from '@/lib/constants/http';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';
import { API_SERVICES, type ApiService, resolveApiBaseUrl, resolveServiceBaseUrls } from './base-url';
import { buildSsoRedirectUrl } from './sso-redirect';

/**
 * The one HTTP client (spec sections 4, 7 and 8). Responses are not parsed here: features parse with zod.
 *
 * Requests carry `Authorization: Bearer <token>` when a token exists and the request is not a retry,
 * `Region` when a region is set, and `Accept-Language` with the current locale (`br` as `pt-BR`).
 *
 * "Not a retry" — our reading: the replay of a request after a token refresh is the retry. Its
 * Authorization header is written once, from the token the refresh returned, and the request interceptor
 * leaves it alone; so the replay always carries the NEW token, never the stale one it failed with, even
 * if the stored token changes (or cannot be stored) in between. Status retries (408, 429, 5xx, ...) are
 * plain repeats and take the current token like any request.
 *
 * 401 handling, for every call except `POST /auth/refresh-token`:
 * - exactly one refresh runs at a time; every 401 that arrives meanwhile waits for it, and each failed
 *   request is replayed once with the new token (`access_token` of the refresh response, also stored);
 * - if the token already changed since the request left (a refresh finished meanwhile), the request is
 *   replayed with the current token without another refresh;
 * - without a token there is nothing to refresh: a guest's 401 (or one after logout) is rejected unchanged;
 * - if the refresh fails, the session is cleared and each request is rejected with its ORIGINAL error
 *   (the refresh itself fails with Error('Cant refresh token'), its cause the refresh error);
 * - a replay that gets 401 again clears the session and is rejected;
 * - a 401 on the refresh call clears the session and, when an SSO link is known, sends the browser to it
 *   with the current address in the `url` query parameter.
 * A 451 (the visitor's country is blocked) sends the browser to /no-access and is rejected unchanged.
 * Any other error is rejected unchanged (after the status retries below).
 *
 * Retries on 408, 409, 425, 429, 500, 502, 503, 504: once by default for GET, HEAD and OPTIONS, never by
 * default for POST, PUT, PATCH and DELETE; set `retry: n` on a request to override. Retries are
 * immediate (the spec gives no delay).
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** How many times to retry on a retryable status. Default: 1 for GET/HEAD/OPTIONS, 0 otherwise. */
    retry?: number;
    /** Answer a 401 with no refresh (e.g. a login call whose 401 means "wrong password"). */
    skipAuthRefresh?: boolean;
    /** @internal set on the replay after a token refresh */
    _authReplay?: boolean;
    /** @internal status retries made so far */
    _statusRetries?: number;
    /** @internal the token the request was sent with */
    _sentToken?: string | null;
  }
}

/** What the client needs from the app. Defaults: the session and locale stores and `window.location`. */
export interface ApiClientDeps {
  getToken: () => string | null;
  setToken: (token: string) => void;
  clearSession: () => void;
  getSsoLink: () => string | null;
  getLocale: () => string;
  getRegion: () => string | null;
  /** The address sent to the SSO link. */
  getCurrentUrl: () => string;
  /** Full-page navigation to the SSO link. */
  navigate: (url: string) => void;
  /** Told about every failed refresh (the 'Cant refresh token' error). */
  onRefreshError: (error: Error) => void;
  /** An API call answered 451: the visitor's country is blocked (the API enforces it on money calls). */
  onGeoBlocked: () => void;
}

/** Runs the token refresh; concurrent callers share one call. */
export interface TokenRefresher {
  /** The new token; rejects with Error('Cant refresh token') after clearing the session. */
  refresh: () => Promise<string>;
  isRefreshing: () => boolean;
}

export interface ApiClientOptions extends Partial<ApiClientDeps> {
  /** Share one refresher between clients. Default: a new one that posts through the client created. */
  refresher?: TokenRefresher;
  /** How long a call may wait for its answer. Default: REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

export const defaultApiClientDeps: ApiClientDeps = {
  getToken: () => useSessionStore.getState().token,
  setToken: (token) => useSessionStore.getState().setToken(token),
  clearSession: () => useSessionStore.getState().clearSession(),
  getSsoLink: () => useSessionStore.getState().ssoLink,
  getLocale: () => useLocaleStore.getState().locale,
  getRegion: () => useLocaleStore.getState().region,
  getCurrentUrl: () => (typeof window === 'undefined' ? '' : window.location.href),
  navigate: (url) => window.location.assign(url),
  onRefreshError: () => {},
  onGeoBlocked: () => {
    if (typeof window === 'undefined') return;
    const target = `/${useLocaleStore.getState().locale}${ROUTES.noAccess}`;
    // A full load: /no-access has its own layout, and no client state of the blocked page survives.
    if (window.location.pathname !== target)
      window.location.assign(new URL(target, window.location.origin).href);
  },
};

function resolveDeps(options: ApiClientOptions): ApiClientDeps {
  const deps = { ...defaultApiClientDeps };
  for (const key of Object.keys(deps) as (keyof ApiClientDeps)[]) {
    if (options[key]) Object.assign(deps, { [key]: options[key] });
  }
  return deps;
}

/** A refresher that posts `/auth/refresh-token` through `getClient()` and stores the new token. */
export function createTokenRefresher(
  getClient: () => AxiosInstance,
  deps: Pick<ApiClientDeps, 'setToken' | 'clearSession' | 'onRefreshError'>,
): TokenRefresher {
  let pending: Promise<string> | null = null;

  const run = async (): Promise<string> => {
    try {
      const response = await getClient().post<{ access_token?: unknown }>(REFRESH_TOKEN_PATH);
      const token = response.data?.access_token;
      if (typeof token !== 'string' || token === '')
        throw new Error('The refresh response has no access_token');
      deps.setToken(token);
      return token;
    } catch (cause) {
      deps.clearSession();
      const error = new Error(REFRESH_TOKEN_ERROR_MESSAGE, { cause });
      deps.onRefreshError(error);
      throw error;
    }
  };

  return {
    refresh: () => {
      pending ??= run().finally(() => {
        pending = null;
      });
      return pending;
    },
    isRefreshing: () => pending !== null,
  };
}

function isRefreshCall(config: InternalAxiosRequestConfig): boolean {
  const path = (config.url ?? '').replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0];
  return path.replace(/^\/+/, '') === REFRESH_TOKEN_PATH.replace(/^\/+/, '');
}

function allowedRetries(config: InternalAxiosRequestConfig): number {
  if (typeof config.retry === 'number' && Number.isFinite(config.retry))
    return Math.max(0, Math.floor(config.retry));
  const method = (config.method ?? 'get').toLowerCase();
  return Object.hasOwn(DEFAULT_RETRIES_BY_METHOD, method) ? DEFAULT_RETRIES_BY_METHOD[method] : 0;
}

function installInterceptors(instance: AxiosInstance, deps: ApiClientDeps, refresher: TokenRefresher): void {
  instance.interceptors.request.use((config) => {
    if (!config._authReplay) {
      const token = deps.getToken();
      config._sentToken = token;
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
    }
    const region = deps.getRegion();
    if (region) config.headers.set('Region', region);
    config.headers.set('Accept-Language', toAcceptLanguage(deps.getLocale()));
    return config;
  });

  const replay = (config: InternalAxiosRequestConfig, token: string) => {
    config._authReplay = true;
    config._sentToken = token;
    config.headers.set('Authorization', `Bearer ${token}`);
    return instance.request(config);
  };

  const onUnauthorized = async (
    error: AxiosError,
    config: InternalAxiosRequestConfig,
  ): Promise<AxiosResponse> => {
    if (isRefreshCall(config)) {
      const ssoLink = deps.getSsoLink();
      deps.clearSession();
      if (ssoLink) deps.navigate(buildSsoRedirectUrl(ssoLink, deps.getCurrentUrl()));
      throw error;
    }
    if (config.skipAuthRefresh) throw error;
    if (config._authReplay) {
      deps.clearSession();
      throw error;
    }

    const current = deps.getToken();
    let token: string;
    if (!refresher.isRefreshing()) {
      if (!current) throw error;
      if (current !== (config._sentToken ?? null)) return replay(config, current);
    }
    try {
      token = await refresher.refresh();
    } catch {
      throw error;
    }
    return replay(config, token);
  };

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || !error.config) throw error;
    const config = error.config;
    const status = error.response?.status;
    if (status === 401) return onUnauthorized(error, config);
    // Spec section 4 sends a blocked visitor to /no-access on the geo check's 451; the API answers 451
    // to a sign-up, log-in, deposit or bet as well (a country blocked while the page was open).
    if (status === 451) deps.onGeoBlocked();
    if (status !== undefined && RETRY_STATUSES.has(status)) {
      const done = config._statusRetries ?? 0;
      if (done < allowedRetries(config)) {
        config._statusRetries = done + 1;
        return instance.request(config);
      }
    }
    throw error;
  });
}

/**
 * A client for one base address with the shared interceptors. Pass `refresher` to make several clients
 * share one refresh (the singletons below do).
 */
export function createApiClient(baseURL: string, options: ApiClientOptions = {}): AxiosInstance {
  const deps = resolveDeps(options);
  const instance = axios.create({
    baseURL,
    headers: { Accept: 'application/json' },
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  });
  const refresher = options.refresher ?? createTokenRefresher(() => instance, deps);
  installInterceptors(instance, deps, refresher);
  return instance;
}

export interface ApiClients {
  api: AxiosInstance;
  serviceApi: Record<ApiService, AxiosInstance>;
  refresher: TokenRefresher;
}

/**
 * The main client and one client per service, all sharing one refresher that refreshes through the main
 * client. Base addresses default to the configured / derived ones (see base-url.ts).
 */
export function createApiClients(
  options: ApiClientOptions & {
    baseUrl?: string;
    serviceBaseUrls?: Partial<Record<ApiService, string>>;
  } = {},
): ApiClients {
  const { baseUrl, serviceBaseUrls, ...clientOptions } = options;
  const deps = resolveDeps(clientOptions);
  const holder: { main?: AxiosInstance } = {};
  const refresher =
    clientOptions.refresher ??
    createTokenRefresher(() => {
      if (!holder.main) throw new Error('The main API client is not ready');
      return holder.main;
    }, deps);
  const main = createApiClient(baseUrl ?? resolveApiBaseUrl(), { ...clientOptions, refresher });
  holder.main = main;
  const defaults = resolveServiceBaseUrls();
  const serviceApi = Object.fromEntries(
    API_SERVICES.map((service) => [
      service,
      createApiClient(serviceBaseUrls?.[service] ?? defaults[service], { ...clientOptions, refresher }),
    ]),
  ) as Record<ApiService, AxiosInstance>;
  return { api: main, serviceApi, refresher };
}

const clients = createApiClients();

/** The main API client. */
export const api: AxiosInstance = clients.api;
/** Clients of the crash, cases, miner, general, coinflip, keno and dice services. */
export const serviceApi: Readonly<Record<ApiService, AxiosInstance>> = clients.serviceApi;
