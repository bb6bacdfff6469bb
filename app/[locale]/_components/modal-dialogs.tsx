'use client';

import { useTranslations } from 'next-intl';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { Dialog } from '@/components/ui/dialog';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import { PayIn } from '@/features/billing/components/pay-in';
import { SuccessPayment } from '@/features/billing/components/success-payment';
import { useModalStore, MODAL, type ModalName } from '@/lib/stores/modal-store';

/** The namespaces of the dialogs' texts, fetched with this module (not sent with every page). */
export const DIALOG_NAMESPACES = ['auth', 'billing', 'error'] as const;

/**
 * The named dialogs (spec section 2); the one opened last is on top. Loaded by ModalHost when the first
 * one opens, with the forms, their schemas and their texts.
 */
export function ModalDialogs() {
  return (
    <LazyMessages namespaces={DIALOG_NAMESPACES}>
      <Dialogs />
    </LazyMessages>
  );
}

function Dialogs() {
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
    </>
  );
}
