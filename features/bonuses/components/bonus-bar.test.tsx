import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE } from '@/lib/constants/cookies';
import { PROMO_SESSION_STORAGE_KEY } from '@/lib/constants/storage';
import { useModalStore } from '@/lib/stores/modal-store';
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
import { BonusBar } from './bonus-bar';

const nav = vi.hoisted(() => ({
  search: '',
  replace: vi.fn(),
  cache: { search: null as string | null, params: new URLSearchParams() },
}));
vi.mock('next/navigation', () => ({
  // Stable between renders while the address does not change, as in Next.js.
  useSearchParams: () => {
    if (nav.cache.search !== nav.search)
      nav.cache = { search: nav.search, params: new URLSearchParams(nav.search) };
    return nav.cache.params;
  },
}));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/games/dice',
  useRouter: () => ({ replace: nav.replace }),
}));

const server = withMockServer();

/** The address's query, as both `useSearchParams` and `window.location` see it. */
function setSearch(search: string) {
  nav.search = search;
  window.history.replaceState(null, '', `/en/games/dice${search ? `?${search}` : ''}`);
}
const DAY_MS = 86_400_000;
let backend: BonusBackend;

function useBackend(patch: Partial<BonusBackend> = {}) {
  backend = createBonusBackend(patch);
  server.use(...bonusHandlers(backend));
}

const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('BonusBar', () => {
  beforeEach(() => {
    setSearch('');
    nav.replace.mockReset();
    window.sessionStorage.clear();
    act(() => {
      usePromoStore.setState({ promo: null, rejected: [] });
      useSessionStore.getState().clearSession();
    });
    useBackend();
  });

  afterEach(() => {
    Cookies.remove(COOKIE.bonusCountdown, { path: '/' });
    Cookies.remove(COOKIE.welcomePackCountdown, { path: '/' });
    vi.restoreAllMocks();
  });

  it('shows a guest with a promo the bonus behind it, a fresh 3-day countdown and a sign-up that keeps the code', async () => {
    setSearch('promo=welcome100&stag=7');
    const before = Date.now();
    renderWithApp(<BonusBar />);

    const bar = await screen.findByRole('region', { name: 'Bonus offer' });
    expect(within(bar).getByTestId('bonus-bar-title')).toHaveTextContent('Welcome 100%');
    expect(within(bar).getByTestId('bonus-bar-text')).toHaveTextContent('Double your first deposit.');
    const timer = within(bar).getByRole('timer');
    // Fresh: three days, less the moments a slow machine takes to render.
    expect(timer.textContent).toMatch(/^(3d 00h 00m 00s|2d 23h 59m [45]\ds)$/);
    expect(timer).toHaveAttribute('aria-live', 'off');

    const end = Number(Cookies.get(COOKIE.bonusCountdown));
    expect(end).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect(end).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS);
    expect(Cookies.get(COOKIE.welcomePackCountdown)).toBeUndefined();
    // Kept for the session.
    expect(usePromoStore.getState().promo).toBe('welcome100');
    expect(window.sessionStorage.getItem(PROMO_SESSION_STORAGE_KEY)).toBe('welcome100');

    await userEvent.click(within(bar).getByRole('button', { name: 'Sign up' }));
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?promo=welcome100&stag=7&signup=1', {
      scroll: false,
    });
  });

  it('keeps offering the promo after navigating to an address without it, and keeps a running countdown', async () => {
    act(() => usePromoStore.getState().setPromo('WELCOME100'));
    Cookies.set(COOKIE.bonusCountdown, String(Date.now() + 3_600_000 + 30_000), { path: '/' });
    renderWithApp(<BonusBar />);

    const bar = await screen.findByTestId('bonus-bar-promo');
    expect(within(bar).getByRole('timer').textContent).toMatch(/^01h 00m (29|30)s$/);
    await userEvent.click(within(bar).getByRole('button', { name: 'Sign up' }));
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?promo=WELCOME100&signup=1', { scroll: false });
  });

  it('restarts an expired promo countdown', async () => {
    setSearch('promo=WELCOME100');
    Cookies.set(COOKIE.bonusCountdown, String(Date.now() - 1_000), { path: '/' });
    renderWithApp(<BonusBar />);
    expect(await screen.findByRole('timer')).toHaveTextContent('3d 00h 00m 00s');
    expect(Number(Cookies.get(COOKIE.bonusCountdown))).toBeGreaterThan(Date.now() + 3 * DAY_MS - 60_000);
  });

  it('shows a guest without a promo the welcome pack, its first stage and a 7-day countdown', async () => {
    renderWithApp(<BonusBar />);
    const bar = await screen.findByTestId('bonus-bar-welcome');
    expect(within(bar).getByTestId('bonus-bar-title')).toHaveTextContent('Welcome pack up to 100 000 ₽');
    expect(plain(within(bar).getByTestId('bonus-bar-text').textContent)).toBe(
      '100% up to ₽50,000.00 on your first deposit + 50 free spins',
    );
    expect(within(bar).getByRole('timer')).toHaveTextContent('7d 00h 00m 00s');
    expect(Number(Cookies.get(COOKIE.welcomePackCountdown))).toBeGreaterThan(
      Date.now() + 7 * DAY_MS - 60_000,
    );
    expect(Cookies.get(COOKIE.bonusCountdown)).toBeUndefined();

    await userEvent.click(within(bar).getByRole('button', { name: 'Sign up' }));
    expect(useModalStore.getState().openModals).toEqual(['signup']);
  });

  it('forgets a promo whose lookup fails, removes it from the address and falls back to the welcome pack', async () => {
    setSearch('stag=7&promo=NOPE&utm_source=x');
    renderWithApp(<BonusBar />);

    expect(await screen.findByTestId('bonus-bar-welcome')).toBeInTheDocument();
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?stag=7&utm_source=x', { scroll: false });
    expect(usePromoStore.getState().promo).toBeNull();
    expect(window.sessionStorage.getItem(PROMO_SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('bonus-bar-promo')).toBeNull();
    expect(Cookies.get(COOKIE.bonusCountdown)).toBeUndefined();
  });

  it('drops a promo that is not even a code without looking it up', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(new URL(request.url).pathname);
    });
    setSearch('promo=no%20such%20code!&stag=7');
    renderWithApp(<BonusBar />);
    expect(await screen.findByTestId('bonus-bar-welcome')).toBeInTheDocument();
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?stag=7', { scroll: false });
    expect(seen.some((path) => path.startsWith('/bonus-system/bonus/'))).toBe(false);
    server.events.removeAllListeners();
  });

  it('forgets a stored promo that fails without touching an address that has none', async () => {
    act(() => usePromoStore.getState().setPromo('GONE'));
    server.use(
      http.get(apiPath('/bonus-system/bonus/:promo'), () =>
        HttpResponse.json({ message: 'boom' }, { status: 400 }),
      ),
    );
    renderWithApp(<BonusBar />);
    expect(await screen.findByTestId('bonus-bar-welcome')).toBeInTheDocument();
    expect(usePromoStore.getState().promo).toBeNull();
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('shows a logged-in user their waiting bonus, the time left and a deposit button', async () => {
    useBackend({
      activations: [
        testActivation(5, { status: 'waiting', name: 'Reg bonus 150%', expires_in: 7_200, amount: 0 }),
      ],
    });
    act(() => useSessionStore.getState().setToken('t'));
    renderWithApp(<BonusBar />);

    const bar = await screen.findByTestId('bonus-bar-user');
    expect(within(bar).getByTestId('bonus-bar-title')).toHaveTextContent('Reg bonus 150%');
    expect(within(bar).getByRole('timer').textContent).toMatch(/^(02h 00m 00s|01h 59m 5\ds)$/);
    expect(within(bar).getByText('Time left')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Deposit' }));
    expect(useModalStore.getState().openModals).toEqual(['PayIn']);
    expect(Cookies.get(COOKIE.bonusCountdown)).toBeUndefined();
  });

  it('shows a logged-in user nothing when they have no waiting bonus, even with a promo', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(new URL(request.url).pathname);
    });
    setSearch('promo=WELCOME100');
    act(() => useSessionStore.getState().setToken('t'));
    renderWithApp(<BonusBar />);
    await waitFor(() => expect(seen).toContain('/bonus-system/bonus-activation/waiting-reg-and-dep'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
    expect(
      seen.some((path) => path.includes('welcome-pack') || path.startsWith('/bonus-system/bonus/')),
    ).toBe(false);
    server.events.removeAllListeners();
  });

  it('shows nothing and logs when the welcome pack cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiPath('/api/v3/welcome-pack/get-welcome-packs-guest'), () =>
        HttpResponse.json({ message: 'boom' }, { status: 400 }),
      ),
    );
    renderWithApp(<BonusBar />);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('welcome pack failed', expect.anything()));
    expect(screen.queryByRole('region')).toBeNull();
    expect(Cookies.get(COOKIE.welcomePackCountdown)).toBeUndefined();
  });
});
