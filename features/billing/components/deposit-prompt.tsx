'use client';

import { useEffect } from 'react';
import { ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS } from '@/lib/constants/timing';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';

/** Whether the deposit prompt may open now (spec section 4). */
export function shouldPromptDeposit(): boolean {
  const { isLoggedIn, user } = useSessionStore.getState();
  return (
    isLoggedIn &&
    user !== null &&
    user.balance === 0 &&
    user.currency != null &&
    !useModalStore.getState().isAnyOpen()
  );
}

/**
 * The deposit prompt (spec section 4): once per load, 17 s after it, PayIn opens when a logged-in user
 * has balance 0 and a currency and no other modal is open. The rules are read when the time comes, so a
 * profile that arrives during the wait counts; nothing opens later than that.
 */
export function DepositPrompt() {
  useEffect(() => {
    const id = setTimeout(() => {
      if (shouldPromptDeposit()) useModalStore.getState().open(MODAL.PayIn);
    }, ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  return null;
}
