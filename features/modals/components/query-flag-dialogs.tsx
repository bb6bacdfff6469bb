'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { MODAL, useModalStore, type ModalName } from '@/lib/stores/modal-store';
import { takeQueryFlags } from './query-flags';

/**
 * Opens the login, registration and deposit dialogs named by the `login`, `signup` and `deposit` query
 * flags, then removes the flags from the address without scrolling (spec section 2).
 */
export function QueryFlagDialogs() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const open = useModalStore((state) => state.open);

  useEffect(() => {
    const { modals, rest } = takeQueryFlags(new URLSearchParams(searchParams.toString()));
    if (modals.length === 0) return;
    for (const modal of modals) open(modal);
    const query = rest.toString();
    router.replace(`${pathname}${query ? `?${query}` : ''}${window.location.hash}`, { scroll: false });
  }, [searchParams, pathname, router, open]);

  return <NamedDialogs />;
}

function NamedDialogs() {
  const t = useTranslations();
  const openModals = useModalStore((state) => state.openModals);
  const close = useModalStore((state) => state.close);
  const top = openModals.at(-1);
  const dialog = (name: ModalName, title: string, description: string) => (
    <Dialog
      key={name}
      open={top === name}
      onOpenChange={(isOpen) => !isOpen && close(name)}
      title={title}
      description={description}
      closeLabel={t('auth.close')}
      testId={`modal-${name}`}
    />
  );
  return (
    <>
      {dialog(MODAL.login, t('auth.loginTitle'), t('auth.dialogUnavailable'))}
      {dialog(MODAL.signup, t('auth.signupTitle'), t('auth.dialogUnavailable'))}
      {dialog(MODAL.PayIn, t('billing.payInTitle'), t('billing.payInUnavailable'))}
      {dialog(MODAL.SuccessPayment, t('billing.successTitle'), t('billing.successText'))}
    </>
  );
}
