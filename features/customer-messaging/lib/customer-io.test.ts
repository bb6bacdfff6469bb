import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerIoConfig } from './customer-io';

type CioWindow = Window & { cioanalytics?: unknown };
const win = window as CioWindow;

const config: CustomerIoConfig = {
  writeKey: 'write-key',
  siteId: 'site-id',
  cdnUrl: 'https://cdp.customer.io',
};

/** The adapter as a new page has it (it keeps the load and the identified player per page). */
const fresh = async () => {
  vi.resetModules();
  return import('./customer-io');
};

const scripts = () => [
  ...document.querySelectorAll<HTMLScriptElement>('script[data-global-customerio-analytics-key]'),
];

/** What Customer.io's library does when its script runs: replaces the queue with itself. */
function libraryRuns(stored: string | null = null) {
  const library = {
    identify: vi.fn(),
    reset: vi.fn(),
    page: vi.fn(),
    user: () => ({ id: () => stored }),
  };
  win.cioanalytics = library;
  scripts().at(-1)!.dispatchEvent(new Event('load'));
  return library;
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  for (const script of scripts()) script.remove();
  delete win.cioanalytics;
  errors.mockRestore();
  vi.useRealTimers();
});

describe("Customer.io's JavaScript source", () => {
  it('loads the way its snippet does: a queue with the public key and the site id, then its script from the CDN', async () => {
    const { loadCustomerIo } = await fresh();
    const loaded = loadCustomerIo(config);
    expect(scripts().map((script) => script.src)).toEqual([
      'https://cdp.customer.io/v1/analytics-js/snippet/write-key/analytics.min.js',
    ]);
    expect(scripts()[0].async).toBe(true);
    expect(scripts()[0].getAttribute('data-global-customerio-analytics-key')).toBe('cioanalytics');
    const queue = win.cioanalytics as unknown[][] & { _writeKey?: string; _loadOptions?: unknown };
    expect(queue._writeKey).toBe('write-key');
    expect(queue._loadOptions).toEqual({
      integrations: { 'Customer.io In-App Plugin': { siteId: 'site-id' } },
    });
    // The first page view waits in the queue for the library, as in the snippet.
    expect([...queue]).toEqual([['page']]);

    libraryRuns();
    await expect(loaded).resolves.toBeUndefined();
    // Once per page.
    expect(loadCustomerIo(config)).toBe(loaded);
    expect(scripts()).toHaveLength(1);
  });

  it('takes the region’s CDN', async () => {
    const { loadCustomerIo } = await fresh();
    void loadCustomerIo({ ...config, cdnUrl: 'https://cdp-eu.customer.io/' }).catch(() => {});
    expect(scripts()[0].src).toBe(
      'https://cdp-eu.customer.io/v1/analytics-js/snippet/write-key/analytics.min.js',
    );
  });

  it('identifies the signed-in player by user id with the e-mail, once, and resets before another player', async () => {
    const { identifyCustomer, loadCustomerIo, resetCustomer } = await fresh();
    const loaded = loadCustomerIo(config);
    const library = libraryRuns();
    await loaded;

    identifyCustomer({ id: 7, email: 'player@example.com' });
    identifyCustomer({ id: 7, email: 'player@example.com' });
    expect(library.identify.mock.calls).toEqual([['7', { email: 'player@example.com' }]]);
    expect(library.reset).not.toHaveBeenCalled();

    identifyCustomer({ id: 8, email: null });
    expect(library.reset).toHaveBeenCalledTimes(1);
    expect(library.identify).toHaveBeenLastCalledWith('8', {});

    resetCustomer();
    expect(library.reset).toHaveBeenCalledTimes(2);
    // A visitor again: nothing more to forget.
    resetCustomer();
    expect(library.reset).toHaveBeenCalledTimes(2);
  });

  it('forgets a player the library kept from an earlier page when the page opens signed out', async () => {
    const { loadCustomerIo, resetCustomer } = await fresh();
    const loaded = loadCustomerIo(config);
    const library = libraryRuns('7');
    await loaded;
    resetCustomer();
    expect(library.reset).toHaveBeenCalledTimes(1);
  });

  it('rejects when the script cannot load, leaves nothing on the page, and tries again on the next load', async () => {
    const { identifyCustomer, loadCustomerIo, resetCustomer } = await fresh();
    const loaded = loadCustomerIo(config);
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(loaded).rejects.toThrow(/Customer.io script failed to load/);
    expect(scripts()).toEqual([]);
    expect(win.cioanalytics).toBeUndefined();
    // Nothing to call, and nothing breaks.
    expect(() => identifyCustomer({ id: 7, email: 'player@example.com' })).not.toThrow();
    expect(() => resetCustomer()).not.toThrow();

    const again = loadCustomerIo(config);
    expect(again).not.toBe(loaded);
    expect(scripts()).toHaveLength(1);
    libraryRuns();
    await expect(again).resolves.toBeUndefined();
  });

  it('rejects when the script does not start the library (an error page answered instead)', async () => {
    const { loadCustomerIo } = await fresh();
    const loaded = loadCustomerIo(config);
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(loaded).rejects.toThrow('Customer.io script did not start');
    expect(win.cioanalytics).toBeUndefined();
  });

  it('rejects when the script takes longer than the timeout', async () => {
    vi.useFakeTimers();
    const { loadCustomerIo } = await fresh();
    const loaded = loadCustomerIo(config, 15_000);
    const outcome = loaded.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(scripts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(String(await outcome)).toMatch(/did not load within 15000 ms/);
    expect(scripts()).toEqual([]);
  });

  it('logs a library call that throws, and goes on', async () => {
    const { identifyCustomer, loadCustomerIo } = await fresh();
    const loaded = loadCustomerIo(config);
    const library = libraryRuns();
    await loaded;
    library.identify.mockImplementation(() => {
      throw new Error('storage blocked');
    });
    expect(() => identifyCustomer({ id: 7, email: 'player@example.com' })).not.toThrow();
    expect(errors).toHaveBeenCalledWith('Customer.io identify failed', expect.any(Error));
  });
});
