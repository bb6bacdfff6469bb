import { act, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';
import {
  fakeHcaptcha,
  HCAPTCHA_SCRIPT_PREFIX,
  hcaptchaScripts,
  removeHcaptcha,
  serveHcaptchaScript,
} from '@/tests/mocks/hcaptcha';

type CaptchaModule = typeof import('./captcha');
type Captcha = ReturnType<CaptchaModule['useCaptcha']>;

/**
 * The hook in a fresh module graph (the loader's site key is per page, so per test), rendered with
 * `siteKeys` (one form each); gives each form's hook result as it is now.
 */
async function renderCaptchas(...siteKeys: (string | null)[]) {
  vi.resetModules();
  const { useCaptcha } = await import('./captcha');
  const captchas: Captcha[] = [];
  function Form({ index, siteKey }: { index: number; siteKey: string | null }) {
    const captcha = useCaptcha(siteKey);
    captchas[index] = captcha;
    return <div data-testid={`form-${index}`}>{captcha.widget}</div>;
  }
  render(
    <NextIntlClientProvider locale="en" messages={messages}>
      {siteKeys.map((siteKey, index) => (
        <Form key={index} index={index} siteKey={siteKey} />
      ))}
    </NextIntlClientProvider>,
  );
  return (index = 0) => captchas[index];
}

/**
 * Asks for a token. Not inside act(): a call after a failure mounts the widget again and waits for it,
 * which act() would hold back until the call ends.
 */
const fieldsOf = (captcha: Captcha, action: Parameters<Captcha['fields']>[0]) => captcha.fields(action);

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  removeHcaptcha();
  errors.mockRestore();
  vi.useRealTimers();
});

describe('useCaptcha: the invisible hCaptcha', () => {
  it('without a site key loads no script, shows nothing and adds no field', async () => {
    const captcha = await renderCaptchas(null);
    expect(await fieldsOf(captcha(), 'log-in')).toEqual({});
    expect(screen.getByTestId('form-0')).toBeEmptyDOMElement();
    expect(hcaptchaScripts()).toEqual([]);
    expect(document.querySelector(`script[src^="${HCAPTCHA_SCRIPT_PREFIX}"]`)).toBeNull();
  });

  it("loads hCaptcha's script with the site key and renders the widget invisible, with the required notice", async () => {
    const fake = fakeHcaptcha();
    const script = serveHcaptchaScript('load', fake);
    const captcha = await renderCaptchas('site-key');
    await waitFor(() => expect(captcha().state).toBe('ready'));
    script.stop();

    expect(script.requested).toHaveLength(1);
    const query = new URL(script.requested[0]).searchParams;
    expect(query.get('render')).toBe('explicit');
    expect(query.get('hl')).toBe('en');
    expect(query.get('recaptchacompat')).toBe('off');
    expect(fake.widgets.map((widget) => widget.params)).toEqual([
      expect.objectContaining({ sitekey: 'site-key', size: 'invisible', theme: 'dark' }),
    ]);
    // The widget asks for no token until a form does.
    expect(fake.api.execute).not.toHaveBeenCalled();

    const notice = screen.getByTestId('captcha-notice');
    expect(notice).toHaveTextContent(
      'This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://www.hcaptcha.com/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://www.hcaptcha.com/terms',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a new token for every call and action, executing at the call and resetting after it', async () => {
    const fake = fakeHcaptcha();
    fake.install();
    const captcha = await renderCaptchas('site-key');
    await waitFor(() => expect(captcha().state).toBe('ready'));

    const first = await fieldsOf(captcha(), 'log-in');
    const second = await fieldsOf(captcha(), 'log-in');
    const third = await fieldsOf(captcha(), 'code');
    expect([first, second, third]).toEqual([
      { 'h-captcha-response': 'P1_token-1' },
      { 'h-captcha-response': 'P1_token-2' },
      { 'h-captcha-response': 'P1_token-3' },
    ]);
    expect(fake.api.execute).toHaveBeenCalledTimes(3);
    expect(fake.api.execute).toHaveBeenCalledWith('widget-1', { async: true });
    expect(fake.log).toEqual([
      'execute site-key',
      'reset site-key',
      'execute site-key',
      'reset site-key',
      'execute site-key',
      'reset site-key',
    ]);
  });

  it('asks for tokens one after the other when two calls come at once', async () => {
    const fake = fakeHcaptcha();
    fake.install();
    const captcha = await renderCaptchas('site-key');
    await waitFor(() => expect(captcha().state).toBe('ready'));
    const both = await Promise.all([captcha().fields('code'), captcha().fields('code')]);
    expect(both).toEqual([{ 'h-captcha-response': 'P1_token-1' }, { 'h-captcha-response': 'P1_token-2' }]);
    expect(fake.log).toEqual(['execute site-key', 'reset site-key', 'execute site-key', 'reset site-key']);
  });

  it('when the script fails to load, logs it, says the check could not load and gives no field', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const script = serveHcaptchaScript('error');
    const captcha = await renderCaptchas('site-key');
    const fields = captcha().fields('sign-up');
    await waitFor(() => expect(script.requested).toHaveLength(1));
    // react-hcaptcha tries the script three times, a second apart.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await fields).toBeNull();
    script.stop();
    expect(script.requested).toHaveLength(3);
    expect(captcha().state).toBe('failed');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The robot check could not load. Check your connection and try again.',
    );
    expect(errors).toHaveBeenCalledWith('hCaptcha could not load or give a token', expect.anything());
  });

  it('gives up after 10 s when the script never answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const script = serveHcaptchaScript('silent');
    const captcha = await renderCaptchas('site-key');
    const fields = captcha().fields('restore');
    await waitFor(() => expect(script.requested).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(captcha().state).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await fields).toBeNull();
    script.stop();
    expect(captcha().state).toBe('failed');
    expect(screen.getByRole('alert')).toHaveTextContent('The robot check could not load');
  });

  it('loads again at the next call after a failure, and gives a token once hCaptcha is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failing = serveHcaptchaScript('error');
    const captcha = await renderCaptchas('site-key');
    await waitFor(() => expect(failing.requested).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(captcha().state).toBe('failed');
    failing.stop();

    const fake = fakeHcaptcha();
    const working = serveHcaptchaScript('load', fake);
    expect(await fieldsOf(captcha(), 'log-in')).toEqual({ 'h-captcha-response': 'P1_token-1' });
    working.stop();
    expect(working.requested).toHaveLength(1);
    await waitFor(() => expect(captcha().state).toBe('ready'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a second site key on the page: that form logs it, says the check failed and gives no field', async () => {
    const fake = fakeHcaptcha();
    fake.install();
    const captcha = await renderCaptchas('site-key', 'other-key');
    await waitFor(() => expect(captcha(0).state).toBe('ready'));
    await waitFor(() => expect(captcha(1).state).toBe('failed'));

    expect(await fieldsOf(captcha(1), 'code')).toBeNull();
    expect(fake.widgets.map((widget) => widget.params.sitekey)).toEqual(['site-key']);
    expect(errors).toHaveBeenCalledWith(
      'hCaptcha could not load or give a token',
      expect.objectContaining({
        name: 'CaptchaSiteKeyError',
        message: expect.stringContaining('other-key'),
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('form-1')).toHaveTextContent('The robot check could not load'),
    );
    // The page's own key still works.
    expect(await fieldsOf(captcha(0), 'code')).toEqual({ 'h-captcha-response': 'P1_token-1' });
  });

  it('gives no field and no message when the player closes the challenge, and a token at the next try', async () => {
    const fake = fakeHcaptcha();
    fake.install();
    const captcha = await renderCaptchas('site-key');
    await waitFor(() => expect(captcha().state).toBe('ready'));
    fake.failNextExecute('challenge-closed');
    expect(await fieldsOf(captcha(), 'sign-up')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await fieldsOf(captcha(), 'sign-up')).toEqual({ 'h-captcha-response': 'P1_token-1' });
  });

  it('says the check failed when hCaptcha cannot give a token, and loads it again at the next call', async () => {
    const fake = fakeHcaptcha();
    fake.install();
    const captcha = await renderCaptchas('site-key');
    await waitFor(() => expect(captcha().state).toBe('ready'));
    fake.failNextExecute('network-error');
    expect(await fieldsOf(captcha(), 'log-in')).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('The robot check could not load');
    expect(await fieldsOf(captcha(), 'log-in')).toEqual({ 'h-captcha-response': 'P1_token-1' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fake.widgets).toHaveLength(2);
  });
});

describe('the captcha loader', () => {
  it('refuses a token for another site key than the one the script was loaded with, without asking hCaptcha', async () => {
    vi.resetModules();
    const { captchaSiteKey, captchaToken, CaptchaSiteKeyError, loadCaptchaWidget } = await import(
      './captcha-loader'
    );
    expect(captchaSiteKey()).toBeNull();
    await loadCaptchaWidget('site-key');
    expect(captchaSiteKey()).toBe('site-key');
    const widget = { execute: vi.fn(async () => ({ response: 'token' })), resetCaptcha: vi.fn() };

    await expect(captchaToken('other-key', widget, 'log-in')).rejects.toBeInstanceOf(CaptchaSiteKeyError);
    await expect(loadCaptchaWidget('other-key')).rejects.toThrow(
      'hCaptcha was loaded with site key site-key; a widget or token for site key other-key is refused',
    );
    expect(widget.execute).not.toHaveBeenCalled();
    expect(captchaSiteKey()).toBe('site-key');
    await expect(captchaToken('site-key', widget, 'log-in')).resolves.toBe('token');
    expect(widget.resetCaptcha).toHaveBeenCalledTimes(1);
  });
});
