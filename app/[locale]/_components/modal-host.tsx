'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import { DepositPrompt } from '@/features/billing/components/deposit-prompt';
import { InvoiceWatcher } from '@/features/billing/components/invoice-watcher';
import { PayIn } from '@/features/billing/components/pay-in';
import { SuccessPayment } from '@/features/billing/components/success-payment';
import { MODAL, useModalStore, type ModalName } from '@/lib/stores/modal-store';

/** The named dialogs (spec section 2); the one opened last is on top. Also the watchers that open them. */
export function ModalHost() {
  const t = useTranslations();
  const openModals = useModalStore((state) => state.openModals);
  const close = useModalStore((state) => state.close);
  const top = openModals.at(-1);
  const props = (name: ModalName) => ({
    open: top === name,
    onOpenChange: (isOpen: boolean) => {
      if (!isOpen) close(name);
    },
    closeLabel: t('auth.close'),
    testId: `modal-${name}`,
  });
  return (
    <>
      <Dialog {...props(MODAL.login)} title={t('auth.loginTitle')}>
        {top === MODAL.login ? <LoginForm /> : null}
      </Dialog>
      <Dialog {...props(MODAL.signup)} title={t('auth.signupTitle')}>
        {top === MODAL.signup ? <SignupForm /> : null}
      </Dialog>
      <Dialog {...props(MODAL.PayIn)} title={t('billing.payInTitle')}>
        {top === MODAL.PayIn ? <PayIn /> : null}
      </Dialog>
      <Dialog {...props(MODAL.SuccessPayment)} title={t('billing.successTitle')}>
        {top === MODAL.SuccessPayment ? <SuccessPayment /> : null}
      </Dialog>
      <DepositPrompt />
      <InvoiceWatcher />
    </>
  );
}
