'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import { MODAL, useModalStore, type ModalName } from '@/lib/stores/modal-store';

/** The named dialogs (spec section 2); the one opened last is on top. */
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
      <Dialog {...props(MODAL.PayIn)} title={t('billing.payInTitle')} description={t('billing.payInUnavailable')} />
      <Dialog {...props(MODAL.SuccessPayment)} title={t('billing.successTitle')} description={t('billing.successText')} />
    </>
  );
}
