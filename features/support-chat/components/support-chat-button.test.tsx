import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportChatReply } from '@/lib/contracts/support';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import messages from '@/messages/en.json';
import { MESSENGER_SCRIPT_ATTRIBUTE, stopMessenger } from '../lib/messenger';
import { SUPPORT_CHAT_DOM_EVENT, useSupportChatStore } from '../stores/support-chat-store';
import { SupportChatButton } from './support-chat-button';

const nav = vi.hoisted(() => ({ pathname: '/games/dice' }));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => nav.pathname,
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
// The chat loads by itself this long after hydration (3 s in the app).
vi.mock('@/lib/constants/timing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/constants/timing')>()),
  SUPPORT_CHAT_LOAD_DELAY_MS: 50,
}));

const server = withMockServer();
type Win = Window & { Intercom?: unknown };

const CHAT: Record<'KZ' | 'RU', SupportChatReply> = {
  KZ: {
    region: 'KZ',
    variant: 'KZ',
    app_id: 'kz_app',
    script_url: 'https://chat.example/widget/kz_app',
    button_image_url: null,
    user: null,
  },
  RU: {
    region: 'RU',
    variant: 'RU',
    app_id: 'ru_app',
    script_url: 'https://chat.example/widget/ru_app',
    button_image_url: null,
    user: null,
  },
};

/** The API as the server answers: the variant of the Region header, the user data with a token. */
function chatApi(patch: Partial<SupportChatReply> = {}) {
  const calls: { region: string | null; authorization: string | null }[] = [];
  server.use(
    http.get(apiPath('/support/chat'), ({ request }) => {
      const region = request.headers.get('region');
      const authorization = request.headers.get('authorization');
      calls.push({ region, authorization });
      const chat = CHAT[region === 'KZ' ? 'KZ' : 'RU'];
      const user = authorization
        ? { app_id: chat.app_id!, email: testUser.email, user_id: String(testUser.id), user_hash: 'signed' }
        : null;
      return HttpResponse.json({ ...chat, user, ...patch });
    }),
  );
  return calls;
}

const script = () => document.querySelector<HTMLScriptElement>(`script[${MESSENGER_SCRIPT_ATTRIBUTE}]`);

/** The provider's script runs: a messenger that records its commands and keeps its event handlers. */
function providerRuns() {
  const handlers: Record<string, () => void> = {};
  const provider = vi.fn((command: string, arg?: unknown) => {
    if (command === 'onShow' || command === 'onHide') handlers[command] = arg as () => void;
  });
  (window as Win).Intercom = provider;
  act(() => {
    script()!.dispatchEvent(new Event('load'));
  });
  return { provider, handlers };
}

const button = () => screen.getByTestId('support-chat-button');

describe('SupportChatButton', () => {
  beforeEach(() => {
    nav.pathname = '/games/dice';
    act(() => {
      useLocaleStore.setState({ region: null });
      useSessionStore.getState().clearSession();
    });
  });

  afterEach(() => {
    stopMessenger();
    act(() =>
      useSupportChatStore.setState({ status: 'idle', variant: null, user: null, buttonImageUrl: null }),
    );
    vi.restoreAllMocks();
  });

  it('gives a visitor from Kazakhstan the Kazakhstan chat variant, and opens it from the button', async () => {
    act(() => useLocaleStore.setState({ region: 'KZ' }));
    const calls = chatApi();
    renderWithApp(<SupportChatButton />);

    await waitFor(() => expect(script()?.src).toBe('https://chat.example/widget/kz_app'));
    expect(calls).toEqual([{ region: 'KZ', authorization: null }]);
    const { provider, handlers } = providerRuns();
    await waitFor(() => expect(button()).toHaveAttribute('data-chat-status', 'ready'));
    expect(button()).toHaveAttribute('data-chat-variant', 'KZ');
    expect(provider).toHaveBeenCalledWith('boot', {
      app_id: 'kz_app',
      language_override: 'en',
      hide_default_launcher: true,
    });

    const shown: unknown[] = [];
    const listener = (event: Event) => shown.push((event as CustomEvent).detail);
    window.addEventListener(SUPPORT_CHAT_DOM_EVENT, listener);
    await userEvent.click(button());
    expect(provider).toHaveBeenLastCalledWith('show');
    act(() => handlers.onShow());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    act(() => handlers.onHide());
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    window.removeEventListener(SUPPORT_CHAT_DOM_EVENT, listener);
    expect(shown).toEqual([
      { open: true, variant: 'KZ' },
      { open: false, variant: 'KZ' },
    ]);
    expect(screen.queryByTestId('support-chat-fallback')).toBeNull();
  });

  it("boots a signed-in player's chat with their chat user data, and the default variant outside Kazakhstan", async () => {
    act(() => {
      useLocaleStore.setState({ region: 'RU' });
      useSessionStore.getState().setToken('token-1');
      useSessionStore.getState().setUser(testUser);
    });
    const calls = chatApi();
    renderWithApp(<SupportChatButton />);

    await waitFor(() => expect(script()?.src).toBe('https://chat.example/widget/ru_app'));
    const { provider } = providerRuns();
    await waitFor(() => expect(button()).toHaveAttribute('data-chat-status', 'ready'));
    expect(calls).toEqual([{ region: 'RU', authorization: 'Bearer token-1' }]);
    expect(provider).toHaveBeenCalledWith('boot', {
      app_id: 'ru_app',
      user_id: String(testUser.id),
      email: testUser.email,
      user_hash: 'signed',
      language_override: 'en',
      hide_default_launcher: true,
    });
    expect(useSupportChatStore.getState().user).toEqual({
      app_id: 'ru_app',
      email: testUser.email,
      user_id: String(testUser.id),
      user_hash: 'signed',
    });

    // Logging out ends the player's conversation before the guest's chat starts.
    provider.mockClear();
    act(() => useSessionStore.getState().clearSession());
    await waitFor(() =>
      expect(provider).toHaveBeenCalledWith('boot', expect.objectContaining({ app_id: 'ru_app' })),
    );
    expect(provider.mock.calls[0]).toEqual(['shutdown']);
    expect(provider.mock.calls[1][1]).not.toHaveProperty('user_id');
  });

  it('refreshes the messenger 250 ms after each navigation', async () => {
    chatApi();
    const { rerender, queryClient } = renderWithApp(<SupportChatButton />);
    await waitFor(() => expect(script()).not.toBeNull());
    const { provider } = providerRuns();
    await waitFor(() => expect(button()).toHaveAttribute('data-chat-status', 'ready'));
    provider.mockClear();

    nav.pathname = '/bonuses';
    const navigatedAt = performance.now();
    rerender(
      <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
        <QueryClientProvider client={queryClient}>
          <SupportChatButton />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    expect(provider).not.toHaveBeenCalled();
    await waitFor(() => expect(provider).toHaveBeenCalledWith('update', expect.any(Object)));
    expect(performance.now() - navigatedAt).toBeGreaterThanOrEqual(240);
    expect(provider).toHaveBeenCalledTimes(1);
  });

  it('opens the chat once it has loaded when the button is used before, saying it is opening', async () => {
    chatApi();
    renderWithApp(<SupportChatButton />);
    await userEvent.click(button());
    expect(button()).toHaveAccessibleName('Opening the support chat…');
    expect(button()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(script()).not.toBeNull());
    const { provider } = providerRuns();
    await waitFor(() => expect(provider).toHaveBeenLastCalledWith('show'));
    expect(button()).toHaveAccessibleName('Open the support chat');
    expect(button()).toHaveAttribute('aria-busy', 'false');
  });

  it('logs a chat that fails to load and offers the FAQ instead', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    chatApi();
    renderWithApp(<SupportChatButton />);
    await userEvent.click(button());
    await waitFor(() => expect(script()).not.toBeNull());
    act(() => {
      script()!.dispatchEvent(new Event('error'));
    });
    const fallback = await screen.findByTestId('support-chat-fallback');
    expect(fallback).toHaveTextContent('The chat is not available right now.');
    expect(button()).toHaveAttribute('data-chat-status', 'failed');
    expect(logged).toHaveBeenCalledWith('support chat failed to initialise', expect.any(Error));
    expect(screen.getByRole('link', { name: 'Questions and answers' })).toHaveAttribute('href', '/faq');
  });

  it('offers the FAQ without loading anything when no chat is configured', async () => {
    chatApi({ variant: null, app_id: null, script_url: null });
    renderWithApp(<SupportChatButton />);
    await waitFor(() => expect(button()).toHaveAttribute('data-chat-status', 'off'));
    await userEvent.click(button());
    expect(await screen.findByTestId('support-chat-fallback')).toBeVisible();
    expect(script()).toBeNull();
  });

  it('logs a failed configuration call and offers the FAQ', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(apiPath('/support/chat'), () => HttpResponse.json({}, { status: 500 })));
    renderWithApp(<SupportChatButton />);
    await userEvent.click(button());
    // After the HTTP client's and the query's retries.
    expect(await screen.findByTestId('support-chat-fallback', {}, { timeout: 8_000 })).toBeVisible();
    expect(logged).toHaveBeenCalledWith('support chat configuration failed to load', expect.anything());
  });

  it("shows the provider's button image, and the app's own icon when it does not load", async () => {
    chatApi({ button_image_url: 'https://chat.example/launcher.png' });
    renderWithApp(<SupportChatButton />);
    const image = await screen.findByTestId('support-chat-image');
    expect(image).toHaveAttribute('src', 'https://chat.example/launcher.png');
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(screen.queryByTestId('support-chat-image')).toBeNull();
    expect(button().querySelector('svg')).not.toBeNull();
  });
});
