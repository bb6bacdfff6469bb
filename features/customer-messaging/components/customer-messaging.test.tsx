import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_WHEN_NEAR_IDLE_DELAY_MS } from '@/components/ui/load-when-near';
import { testUser } from '@/tests/mocks/fixtures';
import { customerMessagingConfig } from '../lib/config';

const nav = vi.hoisted(() => ({ pathname: '/' }));
vi.mock('@/lib/i18n/navigation', () => ({ usePathname: () => nav.pathname }));

type CioWindow = Window & { cioanalytics?: unknown };
const win = window as CioWindow;

const scripts = () => [
  ...document.querySelectorAll<HTMLScriptElement>('script[data-global-customerio-analytics-key]'),
];

const config = customerMessagingConfig({ key: 'write-key', siteId: 'site-id' });

/** Customer.io's library starting when its script loads. */
function libraryRuns() {
  const library = { identify: vi.fn(), reset: vi.fn(), page: vi.fn(), user: () => ({ id: () => null }) };
  win.cioanalytics = library;
  scripts().at(-1)!.dispatchEvent(new Event('load'));
  return library;
}

/** The page has loaded and gone idle (useIdleAfterLoad: a pause after `load`, then an idle moment). */
const pageGoesIdle = () => act(() => vi.advanceTimersByTimeAsync(LOAD_WHEN_NEAR_IDLE_DELAY_MS + 10));

/**
 * The component and the session store as a new page has them: the adapter keeps its load and the
 * identified player per page, and React.lazy keeps the runner it loaded.
 */
let CustomerMessaging: typeof import('./customer-messaging').CustomerMessaging;
let useSessionStore: typeof import('@/lib/stores/session-store').useSessionStore;

const signIn = () =>
  act(() => useSessionStore.setState({ token: 'token', isLoggedIn: true, user: { ...testUser, id: 42 } }));

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  vi.resetModules();
  ({ CustomerMessaging } = await import('./customer-messaging'));
  ({ useSessionStore } = await import('@/lib/stores/session-store'));
  vi.useFakeTimers({ shouldAdvanceTime: true });
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  act(() => useSessionStore.getState().clearSession());
  nav.pathname = '/';
});
afterEach(() => {
  for (const script of scripts()) script.remove();
  delete win.cioanalytics;
  errors.mockRestore();
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('the customer-messaging script', () => {
  it('loads nothing without its public key and site id', async () => {
    expect(customerMessagingConfig({})).toBeNull();
    expect(customerMessagingConfig({ key: 'write-key', siteId: ' ' })).toBeNull();
    expect(customerMessagingConfig({ key: '', siteId: 'site-id' })).toBeNull();
    const { container } = render(<CustomerMessaging config={null} />);
    await pageGoesIdle();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(scripts()).toEqual([]);
    expect(win.cioanalytics).toBeUndefined();
    expect(container).toBeEmptyDOMElement();
  });

  it('is not configured in this build unless its variables are set', async () => {
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_KEY', '');
    const { CUSTOMER_MESSAGING_CONFIG } = await import('../lib/config');
    expect(CUSTOMER_MESSAGING_CONFIG).toBeNull();
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_KEY', 'write-key');
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_SITE_ID', 'site-id');
    vi.resetModules();
    expect((await import('../lib/config')).CUSTOMER_MESSAGING_CONFIG).toEqual({
      writeKey: 'write-key',
      siteId: 'site-id',
      cdnUrl: 'https://cdp.customer.io',
    });
  });

  it('loads after the page is idle with the configured key and site id, identifies the player and resets at log-out', async () => {
    render(<CustomerMessaging config={config} />);
    // Not while the page loads.
    await act(() => vi.advanceTimersByTimeAsync(LOAD_WHEN_NEAR_IDLE_DELAY_MS - 100));
    expect(scripts()).toEqual([]);
    await pageGoesIdle();
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(scripts()[0].src).toBe(
      'https://cdp.customer.io/v1/analytics-js/snippet/write-key/analytics.min.js',
    );
    expect((win.cioanalytics as { _loadOptions?: unknown })._loadOptions).toEqual({
      integrations: { 'Customer.io In-App Plugin': { siteId: 'site-id' } },
    });
    const library = libraryRuns();

    signIn();
    await waitFor(() => expect(library.identify).toHaveBeenCalledWith('42', { email: 'player@example.com' }));
    expect(library.reset).not.toHaveBeenCalled();

    act(() => useSessionStore.getState().clearSession());
    await waitFor(() => expect(library.reset).toHaveBeenCalledTimes(1));
    expect(library.identify).toHaveBeenCalledTimes(1);
  });

  it('waits for a signed-in player’s profile before it identifies them, and sends a page view after a navigation', async () => {
    act(() => useSessionStore.setState({ token: 'token', isLoggedIn: true, user: null }));
    const { rerender } = render(<CustomerMessaging config={config} />);
    await pageGoesIdle();
    await waitFor(() => expect(scripts()).toHaveLength(1));
    const library = libraryRuns();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(library.reset).not.toHaveBeenCalled();
    expect(library.identify).not.toHaveBeenCalled();

    act(() => useSessionStore.setState({ user: { ...testUser, id: 42 } }));
    await waitFor(() => expect(library.identify).toHaveBeenCalledWith('42', { email: 'player@example.com' }));

    nav.pathname = '/casino';
    rerender(<CustomerMessaging config={config} />);
    await waitFor(() => expect(library.page).toHaveBeenCalledTimes(1));
  });

  it('only logs when the script is blocked, and the page goes on without it', async () => {
    const { container } = render(<CustomerMessaging config={config} />);
    await pageGoesIdle();
    await waitFor(() => expect(scripts()).toHaveLength(1));
    act(() => scripts()[0].dispatchEvent(new Event('error')));
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('customer messaging failed to load', expect.any(Error)),
    );
    expect(scripts()).toEqual([]);
    expect(win.cioanalytics).toBeUndefined();
    signIn();
    act(() => useSessionStore.getState().clearSession());
    expect(container).toBeEmptyDOMElement();
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('only logs when the script never answers', async () => {
    render(<CustomerMessaging config={config} />);
    await pageGoesIdle();
    await waitFor(() => expect(scripts()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith(
        'customer messaging failed to load',
        expect.objectContaining({ message: expect.stringMatching(/did not load within 15000 ms/) }),
      ),
    );
    expect(scripts()).toEqual([]);
  });
});
