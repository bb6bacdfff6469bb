import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { fakeHcaptcha, removeHcaptcha, serveHcaptchaScript, type FakeHcaptcha } from '@/tests/mocks/hcaptcha';
import { passwordHandlers } from '@/tests/mocks/password-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { ForgotPasswordFlow } from './forgot-password-flow';

// The site key is read when components/ui/captcha.tsx loads: set before the imports above run.
vi.hoisted(() => vi.stubEnv('NEXT_PUBLIC_HCAPTCHA_SITE_KEY', '10000000-ffff-ffff-ffff-000000000001'));
afterAll(() => vi.unstubAllEnvs());

vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ replace: vi.fn(), push: vi.fn() }),
  usePathname: () => '/password/reset',
}));

const server = withMockServer(createMockServer(...passwordHandlers));

function recordBodies(path: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === path) bodies.push(await request.clone().json());
  });
  return bodies;
}

let hcaptcha: FakeHcaptcha;
let consoleErrors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  server.events.removeAllListeners();
  hcaptcha = fakeHcaptcha();
  consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  removeHcaptcha();
  consoleErrors.mockRestore();
});

describe('the password restore with hCaptcha', () => {
  it('sends the restore code and its resend each with a new token asked for at the click', async () => {
    hcaptcha.install();
    // The resend is open at once.
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/forgot'), () =>
        HttpResponse.json({ success: true, resend_after: 0, expires_in: 600 }),
      ),
    );
    const forgot = recordBodies('/api/v2/auth/password/email/forgot');
    renderWithApp(<ForgotPasswordFlow />);
    await waitFor(() => expect(screen.getByTestId('captcha')).toHaveAttribute('data-captcha-state', 'ready'));
    expect(screen.getByTestId('captcha-notice')).toHaveTextContent('This site is protected by hCaptcha');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'player@example.com');
    expect(hcaptcha.api.execute).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('We sent a six-digit code to player@example.com.')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('captcha')).toHaveAttribute('data-captcha-state', 'ready'));
    await userEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();

    expect(forgot).toEqual([
      { email: 'player@example.com', 'h-captcha-response': 'P1_token-1' },
      { email: 'player@example.com', 'h-captcha-response': 'P1_token-2' },
    ]);
  });

  it('when hCaptcha cannot load, sends nothing, says so, and the button can be used again', async () => {
    const blocked = serveHcaptchaScript('error');
    const forgot = recordBodies('/api/v2/auth/password/email/forgot');
    renderWithApp(<ForgotPasswordFlow />);
    await userEvent.type(screen.getByLabelText('E-mail address'), 'player@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByRole('alert', {}, { timeout: 8_000 })).toHaveTextContent(
      'The robot check could not load',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send the code' })).toBeEnabled(), {
      timeout: 8_000,
    });
    blocked.stop();
    expect(forgot).toEqual([]);
    expect(screen.getByText(/The e-mail also contains a link/)).toBeInTheDocument();
  }, 30_000);
});
