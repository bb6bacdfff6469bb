import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { profileWith } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { ProfileScreen } from './profile-screen';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const server = withMockServer(createMockServer());

/** Text with the no-break and narrow spaces of Intl number formats made plain. */
const plain = (el: HTMLElement) => el.textContent?.replace(/[\u00a0\u202f]/g, ' ');

describe('ProfileScreen', () => {
  it('shows the account, its verified marks, balances in the currency and the verification state', async () => {
    server.use(
      profileWith({
        balance: 1234.5,
        bonus: 100,
        total_balance: 1334.5,
        currency: 'KZT',
        premium: { status: true },
        verification: { is_need: true, data: { status: 'waiting' } },
      }),
    );
    renderWithApp(<ProfileScreen />);
    expect(screen.getByTestId('profile-skeleton')).toBeInTheDocument();
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Test Player');
    expect(screen.getByTestId('profile-initial')).toHaveTextContent('T');
    expect(screen.getByText('Premium')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Account details' });
    expect(within(details).getByText('player@example.com').parentElement).toHaveTextContent('Verified');
    expect(within(details).getByText('+7 (916) 123-45-67').parentElement).toHaveTextContent('Not verified');
    expect(within(details).getByText('KZT (₸)')).toBeInTheDocument();

    expect(plain(screen.getByTestId('profile-balance'))).toBe('₸1,234.50');
    expect(plain(screen.getByTestId('profile-bonus'))).toBe('₸100.00');
    expect(plain(screen.getByTestId('profile-total'))).toBe('₸1,334.50');

    expect(screen.getByTestId('verification-status')).toHaveTextContent('In progress');
    expect(screen.getByText(/Your verification is under review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the KYC policy' })).toHaveAttribute(
      'href',
      '/policy/en/kyc',
    );
  });

  it.each([
    ['unverified', 'Not passed'],
    ['verified', 'Passed'],
  ])('maps the verification status %s to "%s"', async (status, label) => {
    server.use(profileWith({ verification: { is_need: true, data: { status } } }));
    renderWithApp(<ProfileScreen />);
    expect(await screen.findByTestId('verification-status')).toHaveTextContent(label);
  });

  it('shows the avatar picture when there is one', async () => {
    server.use(profileWith({ image: { small: 'https://cdn.example.com/a.png' } }));
    renderWithApp(<ProfileScreen />);
    expect(await screen.findByRole('img', { name: 'Avatar of Test Player' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/a.png',
    );
  });

  it('says when the profile cannot be loaded and loads it again on retry', async () => {
    let down = true;
    server.use(
      http.get(apiPath('/profile/user'), ({ request }) =>
        down ? HttpResponse.json({ message: 'Bad request' }, { status: 400 }) : minimalProfile(request),
      ),
    );
    renderWithApp(<ProfileScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile could not be loaded');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Test Player');
  });
});

/** A profile with only the fields the schema requires. */
function minimalProfile(_request: Request) {
  return HttpResponse.json({
    user: {
      id: 42,
      name: 'Test Player',
      email: 'player@example.com',
      balance: 0,
      currency: 'RUB',
    },
    features: {},
    region: 'RU',
    fresh_token: null,
    super_bonus: null,
  });
}
