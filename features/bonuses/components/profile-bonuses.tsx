'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { BonusList } from './bonus-list';
import { FreeSpinsList } from './free-spins-list';
import { WageringRules } from './wagering-rules';

/** /profile/bonuses: the user's bonuses, then their free spins. */
export function ProfileBonuses() {
  const t = useTranslations('bonuses');
  const bonusesId = useId();
  const spinsId = useId();
  return (
    <div className="space-y-8">
      <section aria-labelledby={bonusesId} className="space-y-3">
        <h2 id={bonusesId} className="text-lg font-semibold">
          {t('mine.title')}
        </h2>
        <BonusList />
      </section>
      <section aria-labelledby={spinsId} className="space-y-3">
        <h2 id={spinsId} className="text-lg font-semibold">
          {t('freeSpins.title')}
        </h2>
        <FreeSpinsList />
      </section>
      <WageringRules />
    </div>
  );
}
