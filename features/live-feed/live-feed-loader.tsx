'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { LoadWhenNear } from '@/components/ui/load-when-near';
import { inTurn } from '@/lib/shared-modules';

function Loading() {
  const t = useTranslations('liveFeed');
  return (
    <p className="min-h-24 text-sm text-muted" role="status">
      {t('loading')}
    </p>
  );
}

const LiveFeed = dynamic(() => inTurn(() => import('./live-feed')).then((module) => module.LiveFeed), {
  ssr: false,
  loading: Loading,
});

/**
 * The feed sits below the game or the lobby: its code loads and its socket opens only once the section
 * comes near the screen or the page has loaded and gone idle (LoadWhenNear), so the page loads and
 * paints without it.
 */
export function LiveFeedLoader() {
  return (
    <LoadWhenNear fallback={<Loading />}>
      <LiveFeed />
    </LoadWhenNear>
  );
}
