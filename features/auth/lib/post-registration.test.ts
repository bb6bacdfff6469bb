import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { schedulePostRegistrationDeposit } from './post-registration';

describe('the deposit dialog after registration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useModalStore.getState().closeAll();
    useSessionStore.getState().setToken('t');
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessionStore.getState().clearSession();
  });

  it('opens PayIn 17 s later for a logged-in user', () => {
    schedulePostRegistrationDeposit();
    vi.advanceTimersByTime(16_999);
    expect(useModalStore.getState().isOpen('PayIn')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(useModalStore.getState().isOpen('PayIn')).toBe(true);
  });

  it('does not open it when the user logged out meanwhile', () => {
    schedulePostRegistrationDeposit();
    useSessionStore.getState().clearSession();
    vi.advanceTimersByTime(17_000);
    expect(useModalStore.getState().isOpen('PayIn')).toBe(false);
  });

  it('does not open it over a payment modal already shown', () => {
    schedulePostRegistrationDeposit();
    useModalStore.getState().open('SuccessPayment');
    vi.advanceTimersByTime(17_000);
    expect(useModalStore.getState().openModals).toEqual(['SuccessPayment']);
  });

  it('can be cancelled', () => {
    const cancel = schedulePostRegistrationDeposit();
    cancel();
    vi.advanceTimersByTime(17_000);
    expect(useModalStore.getState().isOpen('PayIn')).toBe(false);
  });
});
