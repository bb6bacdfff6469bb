import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/format';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { profileWith } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { SuccessPayment } from './success-payment';

withMockServer(createMockServer(profileWith({ balance: 500 })));

describe('SuccessPayment', () => {
  beforeEach(() => {
    act(() => useSessionStore.setState({ token: 'token-1', isLoggedIn: true, user: testUser }));
  });

  it('shows the credited amount and the new balance, and closes', async () => {
    renderWithApp(<SuccessPayment />);
    act(() => useModalStore.getState().open(MODAL.SuccessPayment, { amount: 500, currency: 'RUB' }));
    expect(screen.getByTestId('success-amount')).toHaveTextContent(formatterFor('en').money(500, 'RUB'));
    expect(
      await screen.findByText(formatterFor('en').money(500, 'RUB'), {
        selector: '[data-testid=success-balance]',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('success-close'));
    expect(useModalStore.getState().isOpen(MODAL.SuccessPayment)).toBe(false);
  });
});
