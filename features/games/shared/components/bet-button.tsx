'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';

/** The game's main Bet button: disabled while a bet is in flight or animating, so a bet is never sent twice. */
export function BetButton({
  onClick,
  busy,
  disabled,
  label,
}: {
  onClick: () => void;
  busy: boolean;
  disabled?: boolean;
  label?: string;
}) {
  const t = useTranslations('games.shared');
  return (
    <PendingButton
      type="button"
      pending={busy}
      pendingLabel={t('betting')}
      disabled={disabled}
      onClick={onClick}
      className={`${buttonClass.primary} min-h-12 w-full text-lg`}
      data-testid="bet-button"
    >
      {label ?? t('bet')}
    </PendingButton>
  );
}
