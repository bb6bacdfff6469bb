import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatterFor } from '@/lib/i18n/format';
import {
  bonusHandlers,
  createBonusBackend,
  testActivation,
  type BonusBackend,
} from '@/tests/mocks/bonus-handlers';
import { apiPath, failingUntilRecovered } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { plainSpaces, signInTestUser } from '@/tests/mocks/signed-in';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { BonusList } from './bonus-list';

vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'));

const server = withMockServer();
let backend: BonusBackend;

const plain = plainSpaces;

describe('BonusList', () => {
  beforeEach(() => {
    signInTestUser({ timezone: 'Europe/Moscow' });
    backend = createBonusBackend({
      activations: [
        testActivation(11, {
          name: 'Reg bonus 150%',
          status: 'waiting',
          amount: 0,
          wager_required: 0,
          wagered: 0,
          expires_in: 3_600,
          min_deposit: 1_000,
        }),
        testActivation(10, {
          name: 'Cashback 10%',
          status: 'active',
          amount: 1_000,
          wagered: 1_250,
          wager_required: 35_000,
        }),
        testActivation(9, {
          name: 'Old promo',
          status: 'wagered',
          amount: 0,
          wagered: 35_000,
          wager_required: 35_000,
        }),
      ],
    });
    server.use(...bonusHandlers(backend));
  });

  it('lists status, amount, wagering progress and the deposit deadline', async () => {
    const before = Date.now();
    renderWithApp(<BonusList />);
    const items = await screen.findAllByTestId('bonus-item');
    expect(items).toHaveLength(3);

    const [waiting, active, wagered] = items;
    expect(within(waiting).getByTestId('bonus-status')).toHaveTextContent('Waiting for a deposit');
    expect(plain(within(waiting).getByTestId('bonus-expiry').textContent)).toMatch(
      /^Deposit at least ₽1,000\.00 by .+ to receive it\.$/,
    );
    // The deadline is the reply's time plus expires_in, in the user's timezone (either side of a minute).
    const deadlines = [before, Date.now()].map((t) =>
      plain(formatterFor('en').dateTime(t + 3_600_000, 'Europe/Moscow')),
    );
    const expiry = plain(within(waiting).getByTestId('bonus-expiry').textContent) ?? '';
    expect(deadlines.some((deadline) => deadline && expiry.includes(deadline))).toBe(true);
    expect(within(waiting).queryByRole('progressbar')).toBeNull();

    expect(within(active).getByTestId('bonus-status')).toHaveTextContent('Active');
    expect(plain(within(active).getByTestId('bonus-amount').textContent)).toBe('₽1,000.00');
    const progress = within(active).getByRole('progressbar', { name: 'Wagering progress' });
    expect(progress.tagName).toBe('PROGRESS');
    expect(progress).toHaveAttribute('value', '1250');
    expect(progress).toHaveAttribute('max', '35000');
    expect(plain(within(active).getByTestId('wager-text').textContent)).toBe(
      '₽1,250.00 of ₽35,000.00 wagered',
    );
    expect(progress).toHaveAccessibleDescription(plain('₽1,250.00 of ₽35,000.00 wagered'));

    expect(within(wagered).getByTestId('bonus-status')).toHaveTextContent('Wagered');
    expect(within(wagered).queryByRole('button', { name: 'Cancel bonus' })).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'Cancel bonus' })).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Cancel bonus' })).toBeInTheDocument();
  });

  it('cancels after a confirmation that warns the bonus balance is forfeited, then shows the refetched list', async () => {
    renderWithApp(<BonusList />);
    const active = (await screen.findAllByTestId('bonus-item'))[1];
    await userEvent.click(within(active).getByRole('button', { name: 'Cancel bonus' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel Cashback 10%?' });
    expect(plain(dialog.textContent)).toContain(
      'Your bonus balance from this bonus (₽1,000.00) will be forfeited',
    );
    expect(backend.cancelledBonuses).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.cancelledBonuses).toEqual([10]);
    await waitFor(() =>
      expect(within(screen.getAllByTestId('bonus-item')[1]).getByTestId('bonus-status')).toHaveTextContent(
        'Cancelled',
      ),
    );
    expect(
      within(screen.getAllByTestId('bonus-item')[1]).queryByRole('button', { name: 'Cancel bonus' }),
    ).toBeNull();
    expect(await screen.findByText('The bonus is cancelled.')).toBeInTheDocument();
  });

  it('keeps the bonus when the player changes their mind', async () => {
    renderWithApp(<BonusList />);
    const waiting = (await screen.findAllByTestId('bonus-item'))[0];
    await userEvent.click(within(waiting).getByRole('button', { name: 'Cancel bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Reg bonus 150%?' });
    expect(dialog).toHaveTextContent(
      'Your next deposit will not get this bonus, and any bonus balance it would give is forfeited.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.cancelledBonuses).toEqual([]);
    expect(within(waiting).getByTestId('bonus-status')).toHaveTextContent('Waiting for a deposit');
  });

  it('says when a cancel fails and keeps the dialog open', async () => {
    server.use(
      http.put(apiPath('/bonus-system/bonus-activation/cancel/:id'), () =>
        HttpResponse.json({ message: 'Bonus is locked' }, { status: 409 }),
      ),
    );
    renderWithApp(<BonusList />);
    const active = (await screen.findAllByTestId('bonus-item'))[1];
    await userEvent.click(within(active).getByRole('button', { name: 'Cancel bonus' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }),
    );
    // The backend's own text is not shown (spec section 8): the general message in the player's language.
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Bonus is locked')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when there are no bonuses yet', async () => {
    backend.activations = [];
    renderWithApp(<BonusList />);
    expect(await screen.findByTestId('bonuses-empty')).toHaveTextContent('You have no bonuses yet');
    expect(screen.getByRole('link', { name: 'Find a bonus' })).toHaveAttribute('href', '/bonuses');
  });

  it('shows an error with a retry that loads again', async () => {
    const load = failingUntilRecovered('/bonus-system/bonus-activations', () => ({
      items: backend.activations,
    }));
    server.use(load.handler);
    renderWithApp(<BonusList />);
    expect(await screen.findByTestId('bonuses-error')).toHaveTextContent('Your bonuses could not be loaded.');
    load.recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('bonus-item')).toHaveLength(3);
  });

  it('shows a quiet placeholder while loading', () => {
    renderWithApp(<BonusList />);
    expect(screen.getByTestId('bonuses-loading')).toHaveAttribute('aria-busy', 'true');
  });
});
