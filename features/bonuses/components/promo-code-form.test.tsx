import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import {
  bonusHandlers,
  createBonusBackend,
  testActivation,
  type BonusBackend,
} from '@/tests/mocks/bonus-handlers';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { usePromoStore } from '../stores/promo-store';
import { BonusesScreen } from './bonuses-screen';
import { PromoCodeForm } from './promo-code-form';

const nav = vi.hoisted(() => ({ replace: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/bonuses',
  useRouter: () => ({ replace: nav.replace }),
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const server = withMockServer();
let backend: BonusBackend;

const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

async function submitCode(code: string, button: string) {
  const field = screen.getByRole('textbox', { name: 'Promo code' });
  await userEvent.clear(field);
  if (code) await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('PromoCodeForm', () => {
  beforeEach(() => {
    nav.replace.mockReset();
    window.history.replaceState(null, '', '/en/bonuses?stag=7');
    backend = createBonusBackend();
    server.use(...bonusHandlers(backend));
    act(() => {
      usePromoStore.setState({ promo: null, rejected: [] });
      useSessionStore.getState().clearSession();
    });
  });

  it('lets a guest check a code, see the offer and sign up with it', async () => {
    renderWithApp(<PromoCodeForm />);
    await submitCode('welcome100', 'Check the code');

    const offer = await screen.findByTestId('promo-offer');
    expect(within(offer).getByTestId('promo-offer-name')).toHaveTextContent('Welcome 100%');
    expect(offer).toHaveTextContent('Promo code WELCOME100');
    expect(plain(offer.textContent)).toContain('Up to₽50,000.00');
    expect(plain(offer.textContent)).toContain('Minimum deposit₽500.00');
    expect(offer).toHaveTextContent('×35');
    expect(backend.activated).toEqual([]);

    await userEvent.click(within(offer).getByRole('button', { name: 'Sign up with this code' }));
    expect(nav.replace).toHaveBeenCalledWith('/bonuses?stag=7&promo=welcome100&signup=1', { scroll: false });
    expect(usePromoStore.getState().promo).toBe('welcome100');
  });

  it('tells a guest when there is no bonus behind the code', async () => {
    renderWithApp(<PromoCodeForm />);
    await submitCode('NOPE', 'Check the code');
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('There is no bonus with this promo code'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('promo-offer')).toBeNull();
  });

  it('checks the code before any call', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(request.url);
    });
    renderWithApp(<PromoCodeForm />);
    await submitCode('', 'Check the code');
    expect(await screen.findByText('Enter a promo code')).toBeInTheDocument();
    await submitCode('no spaces!', 'Check the code');
    expect(
      await screen.findByText('Use letters, digits, - and _ only (up to 64 characters)'),
    ).toBeInTheDocument();
    expect(seen).toEqual([]);
    server.events.removeAllListeners();
  });

  it('activates a code for a logged-in user and says so', async () => {
    act(() => useSessionStore.getState().setToken('t'));
    renderWithApp(<PromoCodeForm />);
    await submitCode('WELCOME100', 'Activate');
    expect(await screen.findByTestId('promo-activated')).toHaveTextContent(
      'The bonus Welcome 100% is activated. Make a deposit to receive it.',
    );
    expect(backend.activated).toEqual(['WELCOME100']);
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveValue('');
  });

  it('puts a 422 on the promo field, translated by its key', async () => {
    act(() => useSessionStore.getState().setToken('t'));
    renderWithApp(<PromoCodeForm />);
    await submitCode('UNKNOWN', 'Activate');
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('This promo code is not valid'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('promo-activated')).toBeNull();
  });

  it('puts a 422 with a common key on the field in the common wording', async () => {
    act(() => useSessionStore.getState().setToken('t'));
    server.use(
      http.post(apiPath('/bonus-system/bonus-activation'), () =>
        HttpResponse.json(
          { message: 'invalid', errors: { promo: ['already_used: You have already used this promo code.'] } },
          { status: 422 },
        ),
      ),
    );
    renderWithApp(<PromoCodeForm />);
    await submitCode('WELCOME100', 'Activate');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveAccessibleDescription(
        'You have already used this promo code',
      ),
    );
  });

  it('shows the raw key of an unknown 422 message on the field', async () => {
    act(() => useSessionStore.getState().setToken('t'));
    server.use(
      http.post(apiPath('/bonus-system/bonus-activation'), () =>
        HttpResponse.json(
          { message: 'invalid', errors: { promo: ['bonus_already_active: You already have a bonus.'] } },
          { status: 422 },
        ),
      ),
    );
    renderWithApp(<PromoCodeForm />);
    await submitCode('WELCOME100', 'Activate');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveAccessibleDescription(
        'bonus_already_active',
      ),
    );
  });
});

describe('BonusesScreen', () => {
  beforeEach(() => {
    backend = createBonusBackend({
      activations: [testActivation(3, { name: 'Cashback 10%' }), testActivation(2, { status: 'wagered' })],
    });
    server.use(...bonusHandlers(backend));
  });

  it('shows a logged-in user their current bonus with a link to all of them, and the welcome pack', async () => {
    act(() => useSessionStore.getState().setToken('t'));
    renderWithApp(<BonusesScreen />);
    expect(await screen.findByTestId('current-bonus-name')).toHaveTextContent('Cashback 10%');
    expect(plain(screen.getByTestId('current-bonus').textContent)).toContain(
      '₽1,250.00 of ₽35,000.00 wagered',
    );
    expect(screen.getByRole('link', { name: 'All my bonuses' })).toHaveAttribute('href', '/profile/bonuses');
    expect(await screen.findAllByTestId('welcome-card')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    act(() => useSessionStore.getState().clearSession());
  });

  it('shows a guest the check form and the welcome pack, without a current bonus', async () => {
    renderWithApp(<BonusesScreen />);
    expect(await screen.findAllByTestId('welcome-card')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Check the code' })).toBeInTheDocument();
    expect(screen.queryByText('Your current bonus')).toBeNull();
  });
});
