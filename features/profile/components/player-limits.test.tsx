import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/format';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { limitsHandlers, noLimits } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { stubResizeObserver } from '@/tests/utils/resize-observer';
import { PlayerLimitsSetting } from './player-limits';

const state = { limits: noLimits() };
const server = withMockServer(createMockServer(...limitsHandlers(state)));
const rub = (amount: number) => formatterFor('en').money(amount, 'RUB');
stubResizeObserver();

/** The bodies of the PUT /api/v2/profile/limits calls the screen makes. */
function recordPuts() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PUT') bodies.push(await request.clone().json());
  });
  return bodies;
}

beforeEach(() => {
  state.limits = noLimits();
  act(() =>
    useSessionStore.setState({ token: 't', isLoggedIn: true, user: { ...testUser, currency: 'RUB' } }),
  );
});

async function setValue(row: HTMLElement, value: string) {
  await userEvent.clear(within(row).getByTestId('limit-input'));
  await userEvent.type(within(row).getByTestId('limit-input'), value);
  await userEvent.click(within(row).getByTestId('limit-save'));
}

describe('player limits', () => {
  it('sets a deposit limit at once, shows a raise that waits, and refuses a bad amount', async () => {
    renderWithApp(<PlayerLimitsSetting />);
    const day = await screen.findByTestId('limit-deposit_day');
    expect(within(day).getByTestId('limit-current')).toHaveTextContent('No limit');

    await setValue(day, '-5');
    expect(within(day).getByText('Enter the limit as a positive number')).toBeInTheDocument();

    await setValue(day, '1000');
    expect(await within(day).findByText(rub(1_000))).toBeInTheDocument();

    await setValue(day, '5000');
    expect(await within(day).findByTestId('limit-pending')).toHaveTextContent(`Rises to ${rub(5_000)} on`);
    expect(within(day).getByTestId('limit-current')).toHaveTextContent(rub(1_000));
  });

  it('explains how deposit limits are counted in a popover', async () => {
    renderWithApp(<PlayerLimitsSetting />);
    const group = await screen.findByRole('region', { name: 'Deposit limits' });
    const help = within(group).getByRole('button', { name: 'How are deposit limits counted?' });
    await userEvent.click(help);
    const popover = await screen.findByRole('dialog', { name: 'How deposit limits are counted' });
    expect(popover).toHaveAccessibleDescription(
      /over the last 24 hours, 7 days or 30 days, counted back from now/,
    );
    expect(popover).toHaveTextContent('waits 24 hours: a cooling-off period');
    expect(popover).toHaveAttribute('data-theme', 'gray');
    await userEvent.click(within(popover).getByRole('button', { name: 'Close' }));
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(help).toHaveFocus();
  });

  it('shows the loss limits as money, with their hint, and sets one', async () => {
    const puts = recordPuts();
    renderWithApp(<PlayerLimitsSetting />);
    const group = await screen.findByRole('region', { name: 'Loss limits' });
    expect(group).toHaveTextContent(/stakes minus winnings/);
    expect(
      within(group)
        .getAllByTestId(/^limit-loss_/)
        .map((row) => row.dataset.testid),
    ).toEqual(['limit-loss_day', 'limit-loss_week', 'limit-loss_month']);
    const week = within(group).getByTestId('limit-loss_week');
    expect(within(week).getByLabelText('New limit, RUB')).toBeInTheDocument();
    await setValue(week, '250.50');
    expect(await within(week).findByText(rub(250.5))).toBeInTheDocument();
    await userEvent.click(within(week).getByTestId('limit-remove'));
    expect(await within(week).findByTestId('limit-pending')).toHaveTextContent(/^Removed on /);
    expect(puts).toEqual([
      { kind: 'loss_week', amount: 250.5 },
      { kind: 'loss_week', amount: null },
    ]);
  });

  it('takes the session and reality-check limits in whole minutes within their ranges', async () => {
    const puts = recordPuts();
    renderWithApp(<PlayerLimitsSetting />);
    const group = await screen.findByRole('region', { name: 'Session time and reality check' });
    const session = within(group).getByTestId('limit-session_minutes');
    const reality = within(group).getByTestId('limit-reality_check_minutes');
    expect(within(session).getByTestId('limit-current')).toHaveTextContent('No limit');
    expect(within(reality).getByTestId('limit-current')).toHaveTextContent('Off');
    expect(within(session).getByLabelText('New value, minutes (15–1440)')).toHaveAttribute(
      'inputmode',
      'numeric',
    );

    for (const bad of ['14', '1441', '30.5', 'abc']) {
      await setValue(session, bad);
      expect(within(session).getByText('Enter whole minutes from 15 to 1440')).toBeInTheDocument();
    }
    await setValue(reality, '5');
    expect(within(reality).getByText('Enter whole minutes from 10 to 120')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await setValue(session, '90');
    expect(await within(session).findByTestId('limit-current')).toHaveTextContent('90 min');
    await setValue(reality, '20');
    expect(await within(reality).findByText('20 min')).toBeInTheDocument();
    // A longer interval waits 24 hours, as every raise does.
    await setValue(reality, '60');
    expect(await within(reality).findByTestId('limit-pending')).toHaveTextContent(/^Rises to 60 min on /);
    expect(puts).toEqual([
      { kind: 'session_minutes', amount: 90 },
      { kind: 'reality_check_minutes', amount: 20 },
      { kind: 'reality_check_minutes', amount: 60 },
    ]);
  });
});
