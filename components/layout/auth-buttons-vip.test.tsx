import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import { signInTestUser } from '@/tests/mocks/signed-in';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { AuthButtons } from './auth-buttons';

vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'));

beforeEach(() => {
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

describe('the header’s VIP club level', () => {
  it('sits on the profile button, in its name too, beside the balance', () => {
    signInTestUser({ vip_level: 2, balance: 1_000 });
    renderWithApp(<AuthButtons />);
    expect(screen.getByTestId('header-vip-level')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Profile, VIP level 2' })).toBeInTheDocument();
    expect(screen.getByTestId('header-balance')).toBeInTheDocument();
    expect(screen.queryByText('Sign up')).toBeNull();
  });

  it('is not shown below the first level', () => {
    signInTestUser({ vip_level: 0 });
    renderWithApp(<AuthButtons />);
    expect(screen.queryByTestId('header-vip-level')).toBeNull();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });
});
