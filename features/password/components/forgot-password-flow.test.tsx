import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { passwordHandlers, RESET_TOKEN, validationFailure } from '@/tests/mocks/password-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { ForgotPasswordFlow } from './forgot-password-flow';

const nav = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ replace: nav.replace, push: nav.push }),
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

describe('ForgotPasswordFlow', () => {
  beforeEach(() => {
    nav.push.mockReset();
    server.events.removeAllListeners();
  });

  it('sends the e-mail code, counts down to the resend, and continues on /reset-password/{token}', async () => {
    const forgot = recordBodies('/api/v2/auth/password/email/forgot');
    const confirm = recordBodies('/api/v2/auth/password/email/code/confirm');
    renderWithApp(<ForgotPasswordFlow />);
    expect(screen.getByText(/The e-mail also contains a link/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('E-mail address'), ' Player@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));

    expect(await screen.findByText('We sent a six-digit code to player@example.com.')).toBeInTheDocument();
    expect(forgot).toEqual([{ email: 'player@example.com' }]);
    const resend = screen.getByRole('button', { name: /Send again in \d+ s/ });
    expect(resend).toBeDisabled();
    expect(screen.getByText('The code is valid for 10 min.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(nav.push).toHaveBeenCalledWith(`/reset-password/${RESET_TOKEN}`));
    expect(confirm).toEqual([{ email: 'player@example.com', code: '123456' }]);
  });

  it('sends the SMS code to the masked number in E.164 and carries the phone to the next page', async () => {
    const forgot = recordBodies('/api/v2/auth/password/phone/forgot');
    const confirm = recordBodies('/api/v2/auth/password/phone/code/confirm');
    renderWithApp(<ForgotPasswordFlow />);
    await userEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    expect(screen.getByRole('tab', { name: 'Phone' })).toHaveAttribute('aria-selected', 'true');

    const input = screen.getByLabelText('Phone number');
    await userEvent.type(input, '7011234567');
    expect(input).toHaveValue('(701) 123 45 67');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));

    expect(await screen.findByText('We sent a six-digit code to +7 (701) 123-45-67.')).toBeInTheDocument();
    expect(forgot).toEqual([{ phone: '+77011234567' }]);
    expect(screen.queryByText(/The e-mail also contains a link/)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(nav.push).toHaveBeenCalledWith(`/reset-password/${RESET_TOKEN}?phone=%2B77011234567`),
    );
    expect(confirm).toEqual([{ phone: '+77011234567', code: '654321' }]);
  });

  it('asks for the whole phone number and a six-digit code before calling', async () => {
    const forgot = recordBodies('/api/v2/auth/password/phone/forgot');
    renderWithApp(<ForgotPasswordFlow />);
    await userEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    await userEvent.type(screen.getByLabelText('Phone number'), '701');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('Enter the full phone number')).toBeInTheDocument();
    expect(forgot).toEqual([]);
  });

  it('moves between the tabs with the arrow keys', async () => {
    renderWithApp(<ForgotPasswordFlow />);
    screen.getByRole('tab', { name: 'E-mail' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Phone' })).toHaveFocus();
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
  });

  it('shows a rejected code as one translated error notification and stays on the code step', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/email/code/confirm'), () =>
        validationFailure({ code: ['expired: The code has expired.'] }),
      ),
    );
    renderWithApp(<ForgotPasswordFlow />);
    await userEvent.type(screen.getByLabelText('E-mail address'), 'player@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code or link has expired');
    expect(nav.push).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
  });
});
