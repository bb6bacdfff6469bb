/**
 * The customer-messaging analytics script (spec section 7): Customer.io's JavaScript source (its Data
 * Pipelines client, https://docs.customer.io/integrations/data-in/connections/javascript/), loaded the
 * way Customer.io's snippet loads it: a command queue on `window.cioanalytics` that records calls until
 * the library runs, then `<script src="{cdn}/v1/analytics-js/snippet/{public key}/analytics.min.js">`
 * with the in-app plugin configured by the site id (`integrations: { 'Customer.io In-App Plugin':
 * { siteId } }`). The library replaces the queue with itself when it starts.
 *
 * Third-party and optional: the script may be blocked, missing or slow. `loadCustomerIo` then rejects
 * (the caller logs it) and removes the queue and the script, so nothing waits for a library that never
 * comes; the player's data is sent only once the library is running.
 */

/** The global Customer.io's snippet and library share (`data-global-customerio-analytics-key`). */
export const CUSTOMER_IO_GLOBAL = 'cioanalytics';
export const CUSTOMER_IO_IN_APP_PLUGIN = 'Customer.io In-App Plugin';
/** How long the library may take to load before it counts as failed. */
export const CUSTOMER_IO_LOAD_TIMEOUT_MS = 15_000;

/** The calls Customer.io's snippet queues until the library runs. */
const QUEUED_METHODS = [
  'trackSubmit',
  'trackClick',
  'trackLink',
  'trackForm',
  'pageview',
  'identify',
  'reset',
  'group',
  'track',
  'ready',
  'alias',
  'debug',
  'page',
  'once',
  'off',
  'on',
  'addSourceMiddleware',
  'addIntegrationMiddleware',
  'setAnonymousId',
  'addDestinationMiddleware',
] as const;

export interface CustomerIoConfig {
  /** The JavaScript source's public API key (its write key). */
  writeKey: string;
  /** The workspace's site id, for in-app messages. */
  siteId: string;
  /** Customer.io's CDN origin (region). */
  cdnUrl: string;
}

/** What the page calls: the queue before the library runs, the library after. */
interface CustomerIoApi {
  identify(userId: string, traits: Record<string, unknown>): unknown;
  reset(): unknown;
  page(): unknown;
  /** The user the library keeps (in local storage) from an earlier page. */
  user?: () => { id(): string | null | undefined };
}

/** Customer.io's snippet queue: an array of `[method, ...args]` with a function per method. */
type Queue = unknown[][] &
  Partial<Record<(typeof QUEUED_METHODS)[number], (...args: unknown[]) => Queue>> & {
    invoked?: boolean;
    _writeKey?: string;
    _loadOptions?: unknown;
  };

type CustomerIoWindow = Window & { [CUSTOMER_IO_GLOBAL]?: Queue | CustomerIoApi };

const win = () => window as CustomerIoWindow;

export const customerIoScriptUrl = ({ cdnUrl, writeKey }: CustomerIoConfig) =>
  `${cdnUrl.replace(/\/+$/, '')}/v1/analytics-js/snippet/${encodeURIComponent(writeKey)}/analytics.min.js`;

let current: { key: string; loaded: Promise<void> } | null = null;
/** The player Customer.io was told about (`identify`): their user id and e-mail; null for a visitor. */
let identified: { userId: string; email: string | null } | null = null;

function installQueue(config: CustomerIoConfig): Queue {
  const queue: Queue = [];
  queue.invoked = true;
  for (const method of QUEUED_METHODS) {
    queue[method] = (...args: unknown[]) => {
      queue.push([method, ...args]);
      return queue;
    };
  }
  queue._writeKey = config.writeKey;
  queue._loadOptions = { integrations: { [CUSTOMER_IO_IN_APP_PLUGIN]: { siteId: config.siteId } } };
  win()[CUSTOMER_IO_GLOBAL] = queue;
  return queue;
}

function removeScript(): void {
  document.querySelector(`script[data-global-customerio-analytics-key="${CUSTOMER_IO_GLOBAL}"]`)?.remove();
}

function start(config: CustomerIoConfig, timeoutMs: number): Promise<void> {
  const queue = installQueue(config);
  // As the snippet does: the first page view waits in the queue for the library.
  queue.page?.();
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = customerIoScriptUrl(config);
    script.setAttribute('data-global-customerio-analytics-key', CUSTOMER_IO_GLOBAL);
    const timer = window.setTimeout(
      () => fail(new Error(`Customer.io did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    function settle() {
      window.clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
    }
    function fail(error: Error) {
      settle();
      removeScript();
      if (win()[CUSTOMER_IO_GLOBAL] === queue) delete win()[CUSTOMER_IO_GLOBAL];
      current = null;
      reject(error);
    }
    script.onload = () => {
      // The library replaces the queue with itself; a script that did not (an error page, a wrong
      // address answered 200) leaves nothing that would ever send.
      if (win()[CUSTOMER_IO_GLOBAL] === queue) fail(new Error('Customer.io script did not start'));
      else {
        settle();
        resolve();
      }
    };
    script.onerror = () => fail(new Error(`Customer.io script failed to load: ${script.src}`));
    document.head.appendChild(script);
  });
}

/**
 * Loads Customer.io once per page with `config`; resolves when the library runs, rejects when its script
 * fails, does not start, or takes longer than `timeoutMs` (nothing of it is left on the page then, and a
 * later call tries again).
 */
export function loadCustomerIo(
  config: CustomerIoConfig,
  timeoutMs = CUSTOMER_IO_LOAD_TIMEOUT_MS,
): Promise<void> {
  const key = JSON.stringify([config.cdnUrl, config.writeKey, config.siteId]);
  if (current?.key === key) return current.loaded;
  const loaded = start(config, timeoutMs);
  current = { key, loaded };
  return loaded;
}

function api(): CustomerIoApi | null {
  const value = win()[CUSTOMER_IO_GLOBAL];
  return value && !Array.isArray(value) ? value : null;
}

/**
 * Tells Customer.io who the signed-in player is (their user id, with the e-mail as a trait); a different
 * player than the last one first resets, so the two are never merged. Only once the library runs; a
 * failure is logged.
 */
export function identifyCustomer(player: { id: number; email?: string | null }): void {
  const cio = api();
  if (!cio) return;
  const userId = String(player.id);
  const email = player.email || null;
  if (identified?.userId === userId && identified.email === email) return;
  try {
    if (identified !== null && identified.userId !== userId) cio.reset();
    cio.identify(userId, email ? { email } : {});
    identified = { userId, email };
  } catch (error) {
    console.error('Customer.io identify failed', error);
  }
}

/**
 * For a visitor (after a log-out, or a page opened signed out): Customer.io forgets the player, so the
 * next one on this browser starts as a new anonymous visitor. Nothing when no player is known, here or
 * in what the library kept from an earlier page.
 */
export function resetCustomer(): void {
  const cio = api();
  if (!cio) return;
  try {
    if (identified === null && !cio.user?.().id()) return;
    identified = null;
    cio.reset();
  } catch (error) {
    console.error('Customer.io reset failed', error);
  }
}

/** A page view after a navigation (the in-app messages' page rules read it). */
export function customerIoPage(): void {
  try {
    api()?.page();
  } catch (error) {
    console.error('Customer.io page failed', error);
  }
}
