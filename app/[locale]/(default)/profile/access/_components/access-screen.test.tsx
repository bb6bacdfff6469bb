import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { passwordHandlers } from '@/tests/mocks/password-handlers';
import { profileWith } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { AccessScreen } from './access-screen';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const server = withMockServer(createMockServer(...passwordHandlers));

describe('AccessScreen', () => {
  it('offers the password change to an account with a password', async () => {
    renderWithApp(<AccessScreen />);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('offers to set a password to an account without one, then the change form', async () => {
    server.use(profileWith({ is_password_exists: false, register_method: 'google' }));
    renderWithApp(<AccessScreen />);
    expect(await screen.findByRole('heading', { name: 'Set a password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });
});
