import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { User } from '@/lib/api/schemas/user';
import type { Bet, FairGame } from '@/lib/contracts/games';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { testUser } from '@/tests/mocks/fixtures';

/** Test helpers of the games' component tests (msw handlers over lib/contracts/games.ts). */

export const SEED_HASH = 'a'.repeat(64);

/** Logs a user in (RUB, balance 100 unless patched). */
export function logIn(patch: Partial<User> = {}) {
  act(() => {
    useSessionStore.setState({
      token: 'token-1',
      isLoggedIn: true,
      user: { ...testUser, balance: 100, currency: 'RUB', ...patch },
    });
  });
}

export function logOut() {
  act(() => useSessionStore.getState().clearSession());
}

type BetBase = Omit<Extract<Bet, { game: 'dice' }>, 'game' | 'outcome'>;

export function betBase(patch: Partial<BetBase> = {}): BetBase {
  return {
    id: 1,
    amount: 10,
    payout: 0,
    multiplier: 0,
    currency: 'RUB',
    status: 'lost',
    created_at: '2025-01-01T12:00:00.000Z',
    server_seed_hash: SEED_HASH,
    server_seed: null,
    client_seed: 'client',
    nonce: 0,
    ...patch,
  };
}

/** `GET /games/limits` with the spec's RUB figures, seed pair and an empty bet list. */
export const gameHandlers = (bets: Bet[] = []) => [
  http.get(apiPath('/games/limits'), ({ request }) => {
    const currency = new URL(request.url).searchParams.get('currency') ?? 'RUB';
    const range = { min: 1, max: 10_000 };
    return HttpResponse.json({
      currency,
      limits: {
        dice: range,
        coinflip: range,
        keno: range,
        roulette: range,
        hilo: range,
        miner: { min: 1, max: 1_000 },
      },
    });
  }),
  http.get(apiPath('/fair/seed'), () =>
    HttpResponse.json({ server_seed_hash: SEED_HASH, client_seed: 'client', nonce: bets.length }),
  ),
  http.get(apiPath('/games/bets'), ({ request }) => {
    const game = new URL(request.url).searchParams.get('game') as FairGame | null;
    const items = bets.filter((item) => !game || item.game === game);
    return HttpResponse.json({ items, page: 1, per_page: 10, total: items.length });
  }),
];

/** A 422 in the spec's format. */
export const unprocessable = (errors: Record<string, string[]>) =>
  HttpResponse.json({ message: 'The given data was invalid.', errors }, { status: 422 });

/** Makes `prefers-reduced-motion: reduce` match, so result animations finish at once. */
export function reduceMotion() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
