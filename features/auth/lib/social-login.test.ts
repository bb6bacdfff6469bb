import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { socialLogin, SocialLoginError } from './social-login';

const server = withMockServer();
const PROVIDER_URL = 'http://api.test/sandbox/social/google?state=s';

function fakePopup() {
  const popup = { closed: false, location: { href: '' }, close: vi.fn(() => (popup.closed = true)) };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

describe('social log-in', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads the provider into a new window and finishes on its message with the token', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put(apiPath('/auth/login'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ url: PROVIDER_URL });
      }),
    );
    const popup = fakePopup();
    let sealed: (value: string) => void = () => {};
    const fpp = new Promise<string | null>((resolve) => (sealed = resolve));
    const result = socialLogin({ provider: 'google', currency: 'KZT', promo: 'WELCOME', fpp });
    // The window opens at once; the request waits for the sealed fingerprint.
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(body).toBeUndefined();
    sealed('v1.sealed-fingerprint');
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL));
    // A message from another origin or window is ignored.
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'http://evil.test',
        data: { type: 'social-login', token: 'x', is_new: true },
        source: popup as unknown as Window,
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'http://api.test',
        data: { type: 'social-login', token: 'tok', is_new: true },
        source: popup as unknown as Window,
      }),
    );
    await expect(result).resolves.toEqual({ token: 'tok', isNew: true });
    expect(body).toMatchObject({
      provider: 'google',
      currency: 'KZT',
      promo: 'WELCOME',
      fpp: 'v1.sealed-fingerprint',
      origin: window.location.origin,
    });
  });

  it('fails with "closed" when the window is closed first', async () => {
    server.use(http.put(apiPath('/auth/login'), () => HttpResponse.json({ url: PROVIDER_URL })));
    const popup = fakePopup();
    const result = socialLogin({ provider: 'vk' });
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL));
    popup.closed = true;
    await expect(result).rejects.toEqual(new SocialLoginError('closed'));
  });

  it('fails with "blocked" when the browser refuses the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(socialLogin({ provider: 'telegram' })).rejects.toEqual(new SocialLoginError('blocked'));
  });
});
