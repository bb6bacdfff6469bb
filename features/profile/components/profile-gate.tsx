'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { useSessionStore } from '@/lib/stores/session-store';

const subscribeNothing = () => () => {};

/** Profile pages belong to a logged-in user; a guest is asked to log in instead (spec section 6). */
export function ProfileGate({ children }: { children: ReactNode }) {
  const t = useTranslations('auth');
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  // The session lives in a cookie only the browser reads: render nothing until hydrated.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  if (!hydrated) return <div className="min-h-64" aria-busy="true" />;
  if (isLoggedIn) return <>{children}</>;
  return (
    <div className="py-6">
      <EmptyState title={t('loginRequired')} hint={t('loginRequiredHint')}>
        <DialogTrigger modal="login" className={buttonClass.primary}>
          {t('loginTitle')}
        </DialogTrigger>
      </EmptyState>
    </div>
  );
}
