import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/lib/stores/modal-store';
import { useNotificationStore } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import messages from '@/messages/en.json';
import { apiPath } from '@/tests/mocks/handlers';
import { fakeHcaptcha, removeHcaptcha, serveHcaptchaScript, type FakeHcaptcha } from '@/tests/mocks/hcaptcha';
import { withMockServer } from '@/tests/mocks/server';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

// The site key is read when components/ui/captcha.tsx loads: set before the imports above run.
vi.hoisted(() => vi.stubEnv('NEXT_PUBLIC_HCAPTCHA_SITE_KEY', '10000000-ffff-ffff-ffff-000000000001'));
afterAll(() => vi.unstubAllEnvs());

vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/',
  useRouter: () => ({ replace: vi.fn() }),
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));
// FingerprintJS does not run in jsdom; the registration sends whatever the device has (here nothing).
vi.mock('@/lib/fingerprint', async (original) => ({
  ...(await original<typeof import('@/lib/fingerprint')>()),
  getFingerprint: async () => null,
  prepareFingerprintUpload: () => undefined,
  getSealedFingerprintWithin: async () => null,
}));

const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';
const server = withMockServer();

function renderForm(form: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" messages={messages}>
        {form}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

/** Keeps the body of every call to `path`, answering each with `reply`. */
function recordCalls(path: string, reply: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(apiPath(path), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return reply();
    }),
  );
  return bodies;
}

const wrongPassword = () =>
  HttpResponse.json(
    { message: 'invalid', errors: { email: ['credentials: Wrong e-mail or password'] } },
    { status: 422 },
  );

const captchaReady = () =>
  waitFor(() => expect(screen.getByTestId('captcha')).toHaveAttribute('data-captcha-state', 'ready'));

let hcaptcha: FakeHcaptcha;
let consoleErrors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  act(() => {
    useSessionStore.getState().clearSession();
    useModalStore.getState().closeAll();
    useModalStore.getState().open('login');
    useNotificationStore.setState({ items: [] });
  });
  hcaptcha = fakeHcaptcha();
  consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  removeHcaptcha();
  consoleErrors.mockRestore();
});

async function fillLogin() {
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'player@example.com');
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input[type=password]' }), 'secret-pw');
}

describe('the log-in form with hCaptcha', () => {
  it('asks for a log-in token at submit, and a new one for each attempt', async () => {
    hcaptcha.install();
    const bodies = recordCalls('/api/v2/auth/login/email/password', wrongPassword);
    renderForm(<LoginForm />);
    await captchaReady();
    expect(hcaptcha.widgets[0].params).toMatchObject({ sitekey: SITE_KEY, size: 'invisible' });
    expect(screen.getByTestId('captcha-notice')).toHaveTextContent(
      'This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.',
    );
    await fillLogin();
    // Nothing is asked of hCaptcha before the player submits.
    expect(hcaptcha.api.execute).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));

    expect(bodies).toEqual([
      { email: 'player@example.com', password: 'secret-pw', fpp: null, 'h-captcha-response': 'P1_token-1' },
      { email: 'player@example.com', password: 'secret-pw', fpp: null, 'h-captcha-response': 'P1_token-2' },
    ]);
    expect(hcaptcha.log).toEqual([
      `execute ${SITE_KEY}`,
      `reset ${SITE_KEY}`,
      `execute ${SITE_KEY}`,
      `reset ${SITE_KEY}`,
    ]);
  });

  it('sends and resends a log-in code each with a token of its own, and logs in by code without one', async () => {
    hcaptcha.install();
    const codeReply = () => HttpResponse.json({ success: true, resend_after: 0, expires_in: 600 });
    const sends = recordCalls('/api/v2/auth/login/email/verification', codeReply);
    const resends = recordCalls('/api/v2/auth/login/email/resend', codeReply);
    const logins = recordCalls('/api/v2/auth/login/email/code', wrongPassword);
    renderForm(<LoginForm />);
    await captchaReady();
    await userEvent.click(screen.getByRole('radio', { name: 'One-time code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'player@example.com');
    await userEvent.click(screen.getByTestId('login-submit'));
    await userEvent.click(await screen.findByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(resends).toHaveLength(1));
    await userEvent.type(screen.getByTestId('code-input'), '123456');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(logins).toHaveLength(1));

    expect(sends).toEqual([{ email: 'player@example.com', 'h-captcha-response': 'P1_token-1' }]);
    expect(resends).toEqual([{ email: 'player@example.com', 'h-captcha-response': 'P1_token-2' }]);
    expect(logins).toEqual([{ email: 'player@example.com', code: '123456', fpp: null }]);
    expect(hcaptcha.api.execute).toHaveBeenCalledTimes(2);
  });

  it('when hCaptcha cannot load: the submit ends, the form says so and calls nothing, and works once hCaptcha loads', async () => {
    const blocked = serveHcaptchaScript('error');
    const bodies = recordCalls('/api/v2/auth/login/email/password', wrongPassword);
    renderForm(<LoginForm />);
    await fillLogin();
    // react-hcaptcha tries the script three times, a second apart, before it reports the error.
    expect(await screen.findByRole('alert', {}, { timeout: 6_000 })).toHaveTextContent(
      'The robot check could not load. Check your connection and try again.',
    );

    const submit = screen.getByTestId('login-submit');
    await userEvent.click(submit);
    // The submit tries to load it again; it fails again and the button is usable once more.
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'false'), { timeout: 6_000 });
    expect(submit).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('The robot check could not load');
    expect(bodies).toEqual([]);
    expect(useNotificationStore.getState().items).toEqual([]);
    expect(consoleErrors).toHaveBeenCalledWith('hCaptcha could not load or give a token', expect.anything());
    blocked.stop();

    const loads = serveHcaptchaScript('load', hcaptcha);
    await userEvent.click(submit);
    await waitFor(() => expect(bodies).toHaveLength(1));
    loads.stop();
    expect(bodies[0]).toMatchObject({ 'h-captcha-response': 'P1_token-1' });
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});

describe('the sign-up form with hCaptcha', () => {
  it('asks for a sign-up token at submit and sends it with the registration', async () => {
    hcaptcha.install();
    const bodies = recordCalls('/api/v2/auth/register/email', () =>
      HttpResponse.json({ message: 'taken', errors: { email: ['taken: taken'] } }, { status: 422 }),
    );
    act(() => useModalStore.getState().open('signup'));
    renderForm(<SignupForm />);
    await captchaReady();
    expect(screen.getByTestId('captcha-notice')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await userEvent.type(
      screen.getByLabelText('Password', { selector: 'input[type=password]' }),
      'correct horse 1',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'I am 18 or older' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    expect(hcaptcha.api.execute).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await userEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((body) => body['h-captcha-response'])).toEqual(['P1_token-1', 'P1_token-2']);
    expect(bodies[0]).toMatchObject({ email: 'new@example.com', password: 'correct horse 1' });
  });
});
