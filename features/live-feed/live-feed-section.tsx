import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { LiveFeedLoader } from './live-feed-loader';

/** The live bets section of the home page and the game pages: its heading in the server HTML, the table live. */
export async function LiveFeedSection({ className = '' }: { className?: string }) {
  const t = await getTranslations('liveFeed');
  return (
    <section
      aria-labelledby="live-feed-heading"
      className={`rounded-2xl border border-line bg-panel/50 p-4 ${className}`}
    >
      <h2 id="live-feed-heading" className="mb-3 text-lg font-semibold">
        {t('title')}
      </h2>
      <ScopedMessages namespaces={['liveFeed', 'history.games']}>
        <LiveFeedLoader />
      </ScopedMessages>
    </section>
  );
}
