import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api/schemas/user';
import { ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS } from '@/lib/constants/timing';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { DepositPrompt } from './deposit-prompt';

function logIn(patch: Partial<User> = {}) {
  useSessionStore.setState({
    token: 'token-1',
    isLoggedIn: true,
    user: { ...testUser, balance: 0, currency: 'RUB', ...patch },
  });
}

async function waitPrompt(ms = ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('DepositPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    act(() => {
      useModalStore.getState().closeAll();
      useSessionStore.getState().clearSession();
    });
  });
  afterEach(() => vi.useRealTimers());

  it('opens PayIn 17 s after load for a logged-in user with balance 0 and a currency', async () => {
    logIn();
    render(<DepositPrompt />);
    await waitPrompt(ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS - 1);
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(false);
    await waitPrompt(1);
    expect(useModalStore.getState().openModals).toEqual([MODAL.PayIn]);
  });

  it('counts a profile that arrives during the wait', async () => {
    useSessionStore.setState({ token: 'token-1', isLoggedIn: true, user: null });
    render(<DepositPrompt />);
    await waitPrompt(5_000);
    act(() => logIn());
    await waitPrompt(12_000);
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(true);
  });

  it.each([
    ['a guest', () => {}],
    ['a user with money', () => logIn({ balance: 10 })],
    ['a user without a currency', () => logIn({ currency: null })],
    [
      'a user whose profile has not arrived',
      () => useSessionStore.setState({ token: 't', isLoggedIn: true, user: null }),
    ],
  ])('does not open for %s', async (_name, setup) => {
    act(setup);
    render(<DepositPrompt />);
    await waitPrompt(60_000);
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(false);
  });

  it('does not open over another modal', async () => {
    logIn();
    act(() => useModalStore.getState().open(MODAL.login));
    render(<DepositPrompt />);
    await waitPrompt();
    expect(useModalStore.getState().openModals).toEqual([MODAL.login]);
  });

  it('opens once per load, not again later', async () => {
    logIn();
    render(<DepositPrompt />);
    await waitPrompt();
    act(() => useModalStore.getState().close(MODAL.PayIn));
    await waitPrompt(120_000);
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(false);
  });
});
