import type { ReactNode } from 'react';
import { LiveFeedSection } from '@/features/live-feed/live-feed-section';

/** Every game page and lobby: the page, then the live bets feed below it (issue 16). */
export default function GamesLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <div className="mx-auto w-full max-w-6xl px-4 pb-8 sm:px-6">
        <LiveFeedSection />
      </div>
    </>
  );
}
