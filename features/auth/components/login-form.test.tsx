import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onAnalyticsEvent, type AnalyticsEvent } from '@/lib/analytics';
import { FINGERPRINT_REGISTRATION_WAIT_MS } from '@/lib/constants/timing';
import { useModalStore } from '@/lib/stores/modal-store';
import { useNotificationStore } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import messages from '@/messages/en.json';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { LoginForm } from './login-form';

vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/',
  useRouter: () => ({ replace: vi.fn() }),
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));

// FingerprintJS does not run in jsdom: the dialog starts the upload, the log-in sends what it gives.
const fingerprint = vi.hoisted(() => ({ prepare: vi.fn(), sealed: vi.fn() }));
vi.mock('@/lib/fingerprint', () => ({
  prepareFingerprintUpload: fingerprint.prepare,
  getSealedFingerprintWithin: fingerprint.sealed,
}));

const server = withMockServer();

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" messages={messages}>
        <LoginForm />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe('LoginForm', () => {
  beforeEach(() => {
    act(() => {
      useSessionStore.getState().clearSession();
      useModalStore.getState().closeAll();
      useModalStore.getState().open('login');
      useNotificationStore.setState({ items: [] });
    });
    fingerprint.prepare.mockReset();
    fingerprint.sealed.mockReset().mockResolvedValue('v1.sealed-fingerprint');
  });

  it('logs in by e-mail and password: saves the token, fetches the profile, closes the dialog', async () => {
    let body: unknown;
    server.use(
      http.post(apiPath('/api/v2/auth/login/email/password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, token: 'token-1', sso: null });
      }),
      http.get(apiPath('/profile/user'), () =>
        HttpResponse.json({
          user: { ...testUser, locale: 'en' },
          features: {},
          region: 'RU',
          fresh_token: 'token-2',
          super_bonus: null,
        }),
      ),
    );
    renderForm();
    expect(fingerprint.prepare).toHaveBeenCalledTimes(1); // started when the dialog opened
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'player@example.com');
    await userEvent.type(
      screen.getByLabelText('Password', { selector: 'input[type=password]' }),
      'secret-password',
    );
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useModalStore.getState().isOpen('login')).toBe(false));
    expect(body).toEqual({
      email: 'player@example.com',
      password: 'secret-password',
      fpp: 'v1.sealed-fingerprint',
    });
    expect(fingerprint.sealed).toHaveBeenCalledWith(FINGERPRINT_REGISTRATION_WAIT_MS);
    expect(useSessionStore.getState().token).toBe('token-2'); // the profile's fresh_token replaces it
    expect(useSessionStore.getState().user?.id).toBe(testUser.id);
  });

  it('without an hCaptcha site key loads no hCaptcha script, shows no notice and sends no h-captcha-response', async () => {
    fingerprint.sealed.mockResolvedValue(null); // and no fingerprint came in time: fpp null
    let body: unknown;
    server.use(
      http.post(apiPath('/api/v2/auth/login/email/password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { message: 'invalid', errors: { email: ['credentials: x'] } },
          { status: 422 },
        );
      }),
    );
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'player@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input[type=password]' }), 'pw');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({ email: 'player@example.com', password: 'pw', fpp: null });
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(screen.queryByText(/protected by hCaptcha/)).toBeNull();
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
  });

  it('shows the server errors as one notification, translated by key, and reports an analytics error', async () => {
    const events: AnalyticsEvent[] = [];
    onAnalyticsEvent((event) => events.push(event));
    server.use(
      http.post(apiPath('/api/v2/auth/login/email/password'), () =>
        HttpResponse.json(
          {
            message: 'invalid',
            errors: {
              email: ['credentials: Wrong e-mail or password'],
              'h-captcha-response': ['The h-captcha-response field is required.'],
              x: ['weird_key: text'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'player@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input[type=password]' }), 'nope');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0].text).toBe('Wrong login or password\nweird_key');
    expect(useSessionStore.getState().token).toBeNull();
    expect(events.find((e) => e.event === 'login_error')?.properties.message).toContain(
      'credentials: Wrong e-mail or password',
    );
  });

  it('asks for a valid e-mail before calling the server', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input[type=password]' }), 'x');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter a valid e-mail')).toBeInTheDocument();
  });

  it('logs in by phone with a one-time code sent by SMS', async () => {
    let codeRequest: URL | undefined;
    let loginBody: unknown;
    server.use(
      http.post(apiPath('/api/v2/auth/login/phone/verification'), () =>
        HttpResponse.json({ success: true, resend_after: 60, expires_in: 600 }),
      ),
      http.post(apiPath('/api/v2/auth/login/phone/code'), async ({ request }) => {
        codeRequest = new URL(request.url);
        loginBody = await request.json();
        return HttpResponse.json({ success: true, token: 'phone-token', sso: null });
      }),
    );
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('radio', { name: 'One-time code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), '7011234567');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(701) 123 45 67');
    await userEvent.click(screen.getByTestId('login-submit'));
    await userEvent.type(await screen.findByTestId('code-input'), '123456');
    expect(screen.getByRole('button', { name: /Send again in/ })).toBeDisabled();
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useModalStore.getState().isOpen('login')).toBe(false));
    expect(codeRequest?.searchParams.get('type')).toBe('sms');
    expect(loginBody).toEqual({ phone: '+77011234567', code: '123456', fpp: 'v1.sealed-fingerprint' });
  });
});
