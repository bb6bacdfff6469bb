import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/format';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { limitsHandlers, noLimits } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { DepositLimitsSetting } from './deposit-limits';

const state = { limits: noLimits() };
withMockServer(createMockServer(...limitsHandlers(state)));
const rub = (amount: number) => formatterFor('en').money(amount, 'RUB');

beforeEach(() => {
  state.limits = noLimits();
  act(() =>
    useSessionStore.setState({ token: 't', isLoggedIn: true, user: { ...testUser, currency: 'RUB' } }),
  );
});

describe('deposit limits', () => {
  it('sets a limit at once, shows a raise that waits, and refuses a bad amount', async () => {
    renderWithApp(<DepositLimitsSetting />);
    const day = await screen.findByTestId('limit-deposit_day');
    expect(within(day).getByTestId('limit-current')).toHaveTextContent('No limit');

    await userEvent.type(within(day).getByTestId('limit-input'), '-5');
    await userEvent.click(within(day).getByTestId('limit-save'));
    expect(within(day).getByText('Enter the limit as a positive number')).toBeInTheDocument();

    await userEvent.clear(within(day).getByTestId('limit-input'));
    await userEvent.type(within(day).getByTestId('limit-input'), '1000');
    await userEvent.click(within(day).getByTestId('limit-save'));
    expect(await within(day).findByText(rub(1_000))).toBeInTheDocument();

    await userEvent.type(within(day).getByTestId('limit-input'), '5000');
    await userEvent.click(within(day).getByTestId('limit-save'));
    expect(await within(day).findByTestId('limit-pending')).toHaveTextContent(`Rises to ${rub(5_000)} on`);
    expect(within(day).getByTestId('limit-current')).toHaveTextContent(rub(1_000));
  });
});
