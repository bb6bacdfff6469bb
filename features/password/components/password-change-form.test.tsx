import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { passwordHandlers, validationFailure } from '@/tests/mocks/password-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { PasswordChangeForm } from './password-change-form';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const server = withMockServer(createMockServer(...passwordHandlers));

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Current password'), 'old-secret-1');
  await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
  await userEvent.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordChangeForm', () => {
  beforeEach(() => server.events.removeAllListeners());

  it('shows one notification per field of a 422 (old_password, new_password, password_confirm)', async () => {
    server.use(
      http.post(apiPath('/password/update'), () =>
        validationFailure({
          old_password: ['invalid: The current password is wrong.'],
          password: ['too_short: The password field must be at least 8 characters.'],
          password_confirm: ['mismatch: The passwords do not match.'],
        }),
      ),
    );
    renderWithApp(<PasswordChangeForm />);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    const [old, fresh, confirm] = screen.getAllByRole('alert');
    expect(within(old).getByText('Current password')).toBeInTheDocument();
    expect(within(old).getByText('The value is invalid')).toBeInTheDocument();
    expect(within(fresh).getByText('New password')).toBeInTheDocument();
    expect(within(fresh).getByText('The value is too short')).toBeInTheDocument();
    expect(within(confirm).getByText('Password confirmation')).toBeInTheDocument();
    expect(within(confirm).getByText('The passwords do not match')).toBeInTheDocument();
  });

  it('sends old_password, password and password_confirm, announces success and clears the form', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === '/password/update') bodies.push(await request.clone().json());
    });
    renderWithApp(<PasswordChangeForm />);
    await fillAndSubmit();
    expect(await screen.findByTestId('notification-success')).toHaveTextContent(
      'Your password has been changed.',
    );
    expect(bodies).toEqual([
      { old_password: 'old-secret-1', password: 'new-secret-1', password_confirm: 'new-secret-1' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Repeat the new password')).toHaveValue('');
  });

  it('disables the button and says it is saving while the call runs', async () => {
    let release: () => void = () => {};
    server.use(
      http.post(apiPath('/password/update'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return Response.json({ success: true });
      }),
    );
    renderWithApp(<PasswordChangeForm />);
    await fillAndSubmit();
    const button = await screen.findByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
