import {
  ANALYTICS_CLIENT_OPTIONS,
  ANALYTICS_IDLE_FALLBACK_MS,
  ANALYTICS_IDLE_TIMEOUT_MS,
} from './constants/analytics';

/**
 * Product analytics (spec sections 7 and 9). The third-party library is loaded only when a key is
 * configured, and only when the browser is first idle after the page is interactive; events captured before it loads are queued, and
 * a failure to load drops them without touching the page. Listeners let the app (and tests) observe
 * what would be sent.
 */
type Properties = Record<string, unknown>;
export interface AnalyticsEvent {
  event: string;
  properties: Properties;
}
type Client = {
  capture: (event: string, properties?: Properties) => unknown;
  reset: () => void;
  identify: (id: string, properties?: Properties) => void;
};

/** Every captured event is also dispatched on `window` under this name, for the page's own listeners. */
export const ANALYTICS_DOM_EVENT = 'app:analytics';

const POSTHOG_KEY = process.env.NEXT_PUBLIC_POSTHOG_KEY;

let client: Client | null = null;
let loading: Promise<Client | null> | null = null;
const queue: AnalyticsEvent[] = [];
const listeners = new Set<(event: AnalyticsEvent) => void>();

function load(): Promise<Client | null> {
  if (!POSTHOG_KEY || typeof window === 'undefined') return Promise.resolve(null);
  loading ??= whenIdle()
    .then(() => import('posthog-js'))
    .then(({ default: posthog }) => {
      posthog.init(POSTHOG_KEY, { ...ANALYTICS_CLIENT_OPTIONS });
      client = posthog as unknown as Client;
      for (const { event, properties } of queue.splice(0)) client.capture(event, properties);
      return client;
    })
    .catch((error: unknown) => {
      console.error('analytics failed to load', error);
      queue.length = 0;
      return null;
    });
  return loading;
}

/** Resolves when the browser is idle (a timeout stands in where idle callbacks are missing). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: ANALYTICS_IDLE_TIMEOUT_MS });
    else window.setTimeout(resolve, ANALYTICS_IDLE_FALLBACK_MS);
  });
}

export function capture(event: string, properties: Properties = {}): void {
  const entry = { event, properties };
  for (const listener of listeners) listener(entry);
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(ANALYTICS_DOM_EVENT, { detail: entry }));
  if (client) {
    client.capture(event, properties);
    return;
  }
  if (!POSTHOG_KEY) return;
  queue.push(entry);
  void load();
}

/** Page views are captured manually, with the full path (spec sections 2 and 9). */
export function capturePageView(fullPath: string): void {
  const url = typeof window === 'undefined' ? fullPath : new URL(fullPath, window.location.origin).href;
  capture('$pageview', { $current_url: url, path: fullPath });
}

export function identify(userId: string, properties?: Properties): void {
  void load().then((c) => c?.identify(userId, properties));
}

/** On logout analytics is reset (spec section 4). */
export function resetAnalytics(): void {
  client?.reset();
}

export function onAnalyticsEvent(listener: (event: AnalyticsEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
