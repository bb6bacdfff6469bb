'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';

function Loading() {
  const t = useTranslations('liveFeed');
  return (
    <p className="min-h-24 text-sm text-muted" role="status">
      {t('loading')}
    </p>
  );
}

const LiveFeed = dynamic(() => import('./live-feed').then((module) => module.LiveFeed), {
  ssr: false,
  loading: Loading,
});

/**
 * The feed sits below the game or the lobby: its code loads and its socket opens only once the section
 * comes within 200 px of the screen, so the page loads and paints without it.
 */
export function LiveFeedLoader() {
  const root = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = root.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={root}>{near ? <LiveFeed /> : <Loading />}</div>;
}
