'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { CurrentBonus } from './current-bonus';
import { PromoCodeForm } from './promo-code-form';
import { useClientSession } from '@/lib/stores/use-client-session';
import { WelcomePackCards } from './welcome-pack-cards';
import { WageringRules } from './wagering-rules';

/** /bonuses: the user's current bonus (logged in), the promo-code form and the welcome pack. */
export function BonusesScreen() {
  const t = useTranslations('bonuses.welcomePack');
  const { isLoggedIn } = useClientSession();
  const welcomeId = useId();
  return (
    <div className="space-y-6">
      {isLoggedIn ? <CurrentBonus /> : null}
      <PromoCodeForm />
      <section aria-labelledby={welcomeId} className="space-y-3">
        <h2 id={welcomeId} className="text-lg font-semibold">
          {t('title')}
        </h2>
        <WelcomePackCards />
      </section>
      <WageringRules />
    </div>
  );
}
