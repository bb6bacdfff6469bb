'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';

/** Shown after a bet refused for lack of money: opens the deposit dialog (PayIn). */
export function DepositOffer({ onDismiss }: { onDismiss?: () => void }) {
  const t = useTranslations('games.shared.deposit');
  const open = useModalStore((state) => state.open);
  return (
    <div
      className="rounded-xl border border-gold/60 bg-panel-2 p-3 text-sm"
      role="alert"
      data-testid="deposit-offer"
    >
      <p>{t('text')}</p>
      <button
        type="button"
        className={`${buttonClass.primary} mt-2 w-full`}
        aria-haspopup="dialog"
        onClick={() => {
          open(MODAL.PayIn);
          onDismiss?.();
        }}
      >
        {t('action')}
      </button>
    </div>
  );
}
