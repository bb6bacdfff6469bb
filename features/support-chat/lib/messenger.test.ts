import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MESSENGER_SCRIPT_ATTRIBUTE,
  refreshMessenger,
  showMessenger,
  startMessenger,
  stopMessenger,
  type MessengerSettings,
} from './messenger';

type Win = Window & { Intercom?: unknown; intercomSettings?: unknown };
const win = window as Win;
const events = { onShow: vi.fn(), onHide: vi.fn() };
const settings = (patch: Partial<MessengerSettings> = {}): MessengerSettings => ({
  app_id: 'ru_app',
  hide_default_launcher: true,
  ...patch,
});

const scripts = () => [
  ...document.querySelectorAll<HTMLScriptElement>(`script[${MESSENGER_SCRIPT_ATTRIBUTE}]`),
];

/** What the provider's script does when it runs: replaces the queue with the real messenger. */
function providerRuns() {
  const provider = vi.fn();
  win.Intercom = provider;
  scripts().at(-1)!.dispatchEvent(new Event('load'));
  return provider;
}

afterEach(() => {
  stopMessenger();
  vi.useRealTimers();
  events.onShow.mockReset();
});

describe('the support-chat messenger', () => {
  it("loads the variant's script, boots it with the player's chat user data, and registers the shown and closed events", async () => {
    const started = startMessenger(
      'https://chat.example/widget/kz_app',
      settings({ app_id: 'kz_app', user_id: '7', email: 'a@b.c', user_hash: 'h' }),
      events,
      5_000,
    );
    expect(scripts().map((s) => s.src)).toEqual(['https://chat.example/widget/kz_app']);
    expect(scripts()[0].async).toBe(true);
    // Until the script runs, the provider's queue stands in for it.
    expect((win.Intercom as { q?: unknown[] }).q).toEqual([]);
    const provider = providerRuns();
    await started;

    expect(provider.mock.calls).toEqual([
      [
        'boot',
        { app_id: 'kz_app', user_id: '7', email: 'a@b.c', user_hash: 'h', hide_default_launcher: true },
      ],
      ['onShow', events.onShow],
      ['onHide', events.onHide],
    ]);
    expect(win.intercomSettings).toMatchObject({ app_id: 'kz_app', user_hash: 'h' });
    expect(showMessenger()).toBe(true);
    expect(provider).toHaveBeenLastCalledWith('show');
    refreshMessenger();
    expect(provider).toHaveBeenLastCalledWith('update', { last_request_at: expect.any(Number) });
  });

  it('boots again after a shutdown when the player changes, without loading the script again', async () => {
    const first = startMessenger(
      'https://chat.example/widget/ru_app',
      settings({ user_id: '7' }),
      events,
      5_000,
    );
    const provider = providerRuns();
    await first;
    await startMessenger('https://chat.example/widget/ru_app', settings({ user_id: '7' }), events, 5_000);
    expect(provider.mock.calls.filter(([command]) => command === 'boot')).toHaveLength(1);

    provider.mockClear();
    await startMessenger('https://chat.example/widget/ru_app', settings(), events, 5_000);
    expect(provider.mock.calls.map(([command]) => command)).toEqual(['shutdown', 'boot', 'onShow', 'onHide']);
    expect(provider.mock.calls[1][1]).toEqual({ app_id: 'ru_app', hide_default_launcher: true });
    expect(scripts()).toHaveLength(1);
  });

  it("shuts the old variant down and loads the other app's script when the region changes", async () => {
    const first = startMessenger('https://chat.example/widget/ru_app', settings(), events, 5_000);
    const ruProvider = providerRuns();
    await first;

    const second = startMessenger(
      'https://chat.example/widget/kz_app',
      settings({ app_id: 'kz_app' }),
      events,
      5_000,
    );
    expect(ruProvider).toHaveBeenLastCalledWith('shutdown');
    expect(scripts().map((s) => s.src)).toEqual(['https://chat.example/widget/kz_app']);
    const kzProvider = providerRuns();
    await second;
    expect(kzProvider).toHaveBeenCalledWith('boot', { app_id: 'kz_app', hide_default_launcher: true });
  });

  it('rejects when the script fails to load, and leaves nothing behind', async () => {
    const started = startMessenger('https://chat.example/widget/ru_app', settings(), events, 5_000);
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(started).rejects.toThrow(
      'support chat script failed to load: https://chat.example/widget/ru_app',
    );
    expect(scripts()).toHaveLength(0);
    expect(win.Intercom).toBeUndefined();
    expect(showMessenger()).toBe(false);
  });

  it('rejects a script that loads but never starts the messenger (an error page, a wrong address)', async () => {
    const started = startMessenger('https://chat.example/widget/ru_app', settings(), events, 5_000);
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(started).rejects.toThrow('support chat script did not start the messenger');
    expect(win.Intercom).toBeUndefined();
  });

  it('gives up on a script that does not load in time, and a later start tries again', async () => {
    vi.useFakeTimers();
    const started = startMessenger('https://chat.example/widget/ru_app', settings(), events, 5_000);
    const failed = expect(started).rejects.toThrow('support chat script did not load within 5000 ms');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(scripts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(scripts()).toHaveLength(0);

    const again = startMessenger('https://chat.example/widget/ru_app', settings(), events, 5_000);
    expect(scripts()).toHaveLength(1);
    providerRuns();
    await again;
    expect(showMessenger()).toBe(true);
  });

  it('does nothing to show or refresh before the messenger has booted', () => {
    expect(showMessenger()).toBe(false);
    expect(() => refreshMessenger()).not.toThrow();
  });
});
