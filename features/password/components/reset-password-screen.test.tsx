import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { passwordHandlers, validationFailure } from '@/tests/mocks/password-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { useModalStore } from '@/lib/stores/modal-store';
import { phoneFromQuery, ResetPasswordScreen } from './reset-password-screen';

const nav = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ replace: nav.replace, push: nav.push }),
  usePathname: () => '/reset-password/x',
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const server = withMockServer(createMockServer(...passwordHandlers));
const TOKEN = 'link-token-abcdefghijklmnop';
const PHONE = '+77011234567';

/** Records the JSON bodies posted to `path` (and still lets the default handler answer). */
function recordBodies(path: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === path) bodies.push(await request.clone().json());
  });
  return bodies;
}

describe('ResetPasswordScreen', () => {
  beforeEach(() => {
    nav.replace.mockReset();
    nav.push.mockReset();
    server.events.removeAllListeners();
  });

  it('goes to /error when the phone restore token check fails, and never checks the e-mail token', async () => {
    const emailChecks = recordBodies('/api/v2/auth/password/email/token/check');
    const phoneChecks = recordBodies('/api/v2/auth/password/phone/token/check');
    server.use(
      http.post(apiPath('/api/v2/auth/password/phone/token/check'), () =>
        validationFailure({ token: ['expired: The token has expired.'] }),
      ),
    );
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={PHONE} />);
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/error'));
    expect(phoneChecks).toEqual([{ phone: PHONE, token: TOKEN }]);
    expect(emailChecks).toEqual([]);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('goes to /error without a call when the phone in the query is not a phone number', async () => {
    const phoneChecks = recordBodies('/api/v2/auth/password/phone/token/check');
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone="not-a-phone" />);
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/error'));
    expect(phoneChecks).toEqual([]);
  });

  it('shows the new-password form once the phone token check passes', async () => {
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={PHONE} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking the link…');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat the new password')).toBeInTheDocument();
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('says the e-mail link expired or was used when its check fails, with a way to start again', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/token/check'), () =>
        HttpResponse.json({ message: 'The token is invalid.' }, { status: 404 }),
      ),
    );
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={null} />);
    expect(await screen.findByText('This link has expired or has already been used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restore the password again' })).toHaveAttribute(
      'href',
      '/password/reset',
    );
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('offers a retry when the e-mail link cannot be checked at all', async () => {
    let down = true;
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/token/check'), () =>
        down ? HttpResponse.error() : HttpResponse.json({ success: true }),
      ),
    );
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={null} />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    down = false;
    await userEvent.click(retry);
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it('does not call a rate-limited check "expired": it offers a retry', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/token/check'), () =>
        HttpResponse.json({ message: 'Too many requests' }, { status: 429 }),
      ),
    );
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={null} />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('This link has expired or has already been used')).not.toBeInTheDocument();
  });

  it('says the link is used up when the token stops working before the new password is saved', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/reset/token'), () =>
        validationFailure({ token: ['invalid: The password reset link is invalid or has expired.'] }),
      ),
    );
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={null} />);
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('This link has expired or has already been used')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the new password before sending it', async () => {
    const resets = recordBodies('/api/v2/auth/password/email/reset/token');
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={null} />);
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toContain(
      screen.getByText('At least 8 characters').id,
    );
    expect(resets).toEqual([]);
  });

  it('resets by phone, announces it, and opens the login dialog on the home page', async () => {
    const resets = recordBodies('/api/v2/auth/password/phone/reset');
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={PHONE} />);
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    const notice = await screen.findByTestId('notification-success');
    expect(
      within(notice).getByText('Your password has been changed. Log in with the new password.'),
    ).toBeInTheDocument();
    expect(resets).toEqual([
      { phone: PHONE, token: TOKEN, password: 'new-secret-1', password_confirm: 'new-secret-1' },
    ]);
    expect(nav.replace).toHaveBeenCalledWith('/');
    expect(useModalStore.getState().isOpen('login')).toBe(true);
  });

  it('resets by the e-mail token and shows a 422 as one translated notification', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/reset/token'), () =>
        validationFailure({ password: ['too_short: The password field must be at least 8 characters.'] }),
      ),
    );
    renderWithApp(<ResetPasswordScreen token={TOKEN} phone={null} />);
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The value is too short');
    expect(nav.replace).not.toHaveBeenCalled();
  });
});

describe('phoneFromQuery', () => {
  it('reads E.164, and gives back the plus a raw query turns into a space', () => {
    expect(phoneFromQuery('+77011234567')).toBe('+77011234567');
    expect(phoneFromQuery(' 77011234567')).toBe('+77011234567');
    expect(phoneFromQuery('+375291234567')).toBe('+375291234567');
    expect(phoneFromQuery('abc')).toBeNull();
    expect(phoneFromQuery('')).toBeNull();
  });
});
