import { POST_REGISTRATION_DEPOSIT_DELAY_MS } from '@/lib/constants/timing';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * After registration the PayIn modal opens 17 s later if the user is still logged in and no payment
 * modal is shown (spec section 4). Returns a cancel function.
 */
export function schedulePostRegistrationDeposit(delayMs = POST_REGISTRATION_DEPOSIT_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    const modals = useModalStore.getState();
    if (!useSessionStore.getState().isLoggedIn) return;
    if (modals.isOpen(MODAL.PayIn) || modals.isOpen(MODAL.SuccessPayment)) return;
    modals.open(MODAL.PayIn);
  }, delayMs);
  return () => clearTimeout(timer);
}
