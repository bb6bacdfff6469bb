'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { useClientSession } from '@/lib/stores/use-client-session';

// The player's part (its queries, zod and the form) loads only for a signed-in player.
const VipPanel = lazy(() => import('./vip-panel').then((module) => ({ default: module.VipPanel })));

const Placeholder = ({ label }: { label: string }) => (
  <div role="status" aria-label={label} className="min-h-40 animate-pulse rounded-2xl bg-panel" />
);

/**
 * The page's personal part: a guest is invited to sign up; a signed-in player gets their level, claims,
 * requests and the join form. Nothing is decided before the page runs (the session is the browser's), so
 * a signed-in player never sees the guest's Sign up.
 */
export function VipAccount() {
  const t = useTranslations('vip');
  const { ready, isLoggedIn } = useClientSession();
  if (!ready) return <Placeholder label={t('loading')} />;
  if (!isLoggedIn) {
    return (
      <section
        className="rounded-2xl border border-gold/40 bg-panel p-4 text-center sm:p-6"
        data-testid="vip-guest"
      >
        <p className="text-lg font-semibold">{t('guest.title')}</p>
        <p className="mx-auto mt-2 max-w-xl text-sm text-muted">{t('guest.hint')}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <DialogTrigger modal="signup" className={buttonClass.primary} testId="vip-signup">
            {t('guest.signup')}
          </DialogTrigger>
          <DialogTrigger modal="login" className={buttonClass.secondary} testId="vip-login">
            {t('guest.login')}
          </DialogTrigger>
        </div>
      </section>
    );
  }
  return (
    <Suspense fallback={<Placeholder label={t('loading')} />}>
      <VipPanel />
    </Suspense>
  );
}
