import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bonusHandlers,
  createBonusBackend,
  testFreeSpin,
  type BonusBackend,
} from '@/tests/mocks/bonus-handlers';
import { failingUntilRecovered } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { plainSpaces, signInTestUser } from '@/tests/mocks/signed-in';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { FreeSpinsList } from './free-spins-list';

vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'));

const server = withMockServer();
let backend: BonusBackend;

const plain = plainSpaces;

describe('FreeSpinsList', () => {
  beforeEach(() => {
    signInTestUser({ timezone: 'Europe/Moscow' });
    backend = createBonusBackend({
      freeSpins: [
        testFreeSpin(1),
        testFreeSpin(2, {
          game: { id: 'gates-of-olympus', name: 'Gates of Olympus' },
          count: 1,
          bet: 0.5,
          currency: 'USD',
        }),
      ],
    });
    server.use(...bonusHandlers(backend));
  });

  it('lists the game, count, bet, expiry in the user timezone and a link to play', async () => {
    renderWithApp(<FreeSpinsList />);
    const [first, second] = await screen.findAllByTestId('free-spin');
    expect(within(first).getByTestId('free-spin-game')).toHaveTextContent('Book of Ra');
    expect(within(first).getByTestId('free-spin-count')).toHaveTextContent('20 spins');
    expect(plain(within(first).getByTestId('free-spin-bet').textContent)).toBe('₽10.00');
    // 21:30 UTC on 1 June is past midnight in Moscow.
    const expires = within(first).getByTestId('free-spin-expires');
    expect(expires).toHaveAttribute('dateTime', '2024-06-01T21:30:00Z');
    expect(plain(expires.textContent)).toBe('Jun 2, 2024, 12:30 AM');
    expect(within(first).getByRole('link', { name: 'Play Book of Ra' })).toHaveAttribute(
      'href',
      '/games/slots/book-of-ra/play',
    );

    expect(within(second).getByTestId('free-spin-count')).toHaveTextContent('1 spin');
    expect(plain(within(second).getByTestId('free-spin-bet').textContent)).toBe('$0.50');
    expect(within(second).getByRole('link', { name: 'Play Gates of Olympus' })).toHaveAttribute(
      'href',
      '/games/slots/gates-of-olympus/play',
    );
  });

  it('cancels a campaign after a confirmation and shows the refetched list', async () => {
    renderWithApp(<FreeSpinsList />);
    const second = (await screen.findAllByTestId('free-spin'))[1];
    await userEvent.click(within(second).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up these free spins?' });
    expect(dialog).toHaveTextContent('The free spin in Gates of Olympus will be removed');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, give them up' }));
    await waitFor(() => expect(screen.getAllByTestId('free-spin')).toHaveLength(1));
    expect(backend.cancelledCampaigns).toEqual([902]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('free-spin-game')).toHaveTextContent('Book of Ra');
  });

  it('cancels nothing when the player keeps the spins', async () => {
    renderWithApp(<FreeSpinsList />);
    const first = (await screen.findAllByTestId('free-spin'))[0];
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep them' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.cancelledCampaigns).toEqual([]);
    expect(screen.getAllByTestId('free-spin')).toHaveLength(2);
  });

  it('loads the campaign terms when asked', async () => {
    renderWithApp(<FreeSpinsList />);
    const first = (await screen.findAllByTestId('free-spin'))[0];
    await userEvent.click(within(first).getByText('Terms'));
    const details = await within(first).findByTestId('free-spin-details');
    expect(details).toHaveTextContent('Twenty spins on Book of Ra.');
    expect(details).toHaveTextContent('Winnings wager: ×40');
  });

  it('says when there are no free spins', async () => {
    backend.freeSpins = [];
    renderWithApp(<FreeSpinsList />);
    expect(await screen.findByTestId('free-spins-empty')).toHaveTextContent('You have no free spins');
  });

  it('shows an error with a retry that loads again', async () => {
    const load = failingUntilRecovered('/profile/freeSpins', () => ({ data: backend.freeSpins }));
    server.use(load.handler);
    renderWithApp(<FreeSpinsList />);
    expect(await screen.findByTestId('free-spins-error')).toHaveTextContent(
      'Your free spins could not be loaded.',
    );
    load.recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('free-spin')).toHaveLength(2);
  });
});
