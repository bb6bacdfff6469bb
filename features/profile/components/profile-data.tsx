'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import type { User } from '@/lib/api/schemas/user';
import { profileQueryOptions } from '@/lib/session/get-profile';

/**
 * Loads the profile (`GET /profile/user`) for a profile screen: a skeleton while it loads, an error with
 * a retry button when it fails, then `children(user)`.
 */
export function ProfileData({
  children,
  skeletonRows = 3,
}: {
  children: (user: User) => ReactNode;
  skeletonRows?: number;
}) {
  const t = useTranslations('profile');
  const { data, isPending, isError, refetch, isFetching } = useQuery(profileQueryOptions());

  if (isPending) return <ProfileSkeleton rows={skeletonRows} label={t('loading')} />;
  if (isError) {
    return (
      <section role="alert" className="rounded-2xl border border-danger/50 bg-panel px-6 py-8 text-center">
        <p className="text-lg font-semibold">{t('loadFailed')}</p>
        <p className="mx-auto mt-2 max-w-xl text-sm text-muted">{t('loadFailedHint')}</p>
        <PendingButton
          type="button"
          onClick={() => refetch()}
          pending={isFetching}
          pendingLabel={t('loading')}
          className={`${buttonClass.primary} mt-5`}
        >
          {t('retry')}
        </PendingButton>
      </section>
    );
  }
  return <>{children(data.user)}</>;
}

/** Grey blocks in the shape of the cards that are coming. */
export function ProfileSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-4" data-testid="profile-skeleton">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="animate-pulse rounded-2xl border border-line bg-panel p-4 sm:p-6"
        >
          <div className="h-5 w-1/3 rounded bg-panel-2" />
          <div className="mt-4 h-4 w-2/3 rounded bg-panel-2" />
          <div className="mt-2 h-4 w-1/2 rounded bg-panel-2" />
        </div>
      ))}
    </div>
  );
}
