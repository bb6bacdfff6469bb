import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileWith } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { ProfileScreen } from './profile-screen';

vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'));

const server = withMockServer(createMockServer());

describe('the profile’s VIP club level', () => {
  it('shows the player’s level', async () => {
    server.use(profileWith({ vip_level: 3 }));
    renderWithApp(<ProfileScreen />);
    expect(await screen.findByTestId('vip-badge')).toHaveTextContent('VIP 3');
    expect(screen.getByTestId('vip-badge')).toHaveAttribute('title', 'VIP level 3');
  });

  it('shows none below the first level', async () => {
    server.use(profileWith({ vip_level: 0 }));
    renderWithApp(<ProfileScreen />);
    await screen.findByTestId('profile-name');
    expect(screen.queryByTestId('vip-badge')).toBeNull();
  });
});
