import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { HomeLink } from './home-link';

/**
 * One row of the home lobby: its heading, a "See all" link to its lobby, and its tiles in a strip that
 * scrolls sideways (CSS scroll snap, no script) inside the row, never the page.
 */
export function LobbyRow({
  id,
  title,
  seeAll,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** The row's lobby, if it has one. */
  seeAll?: string;
  /** The tiles, as `<li>` elements. */
  children: ReactNode;
}) {
  const t = useTranslations('home');
  return (
    <section aria-labelledby={id} className="home-row" data-testid={id}>
      <div className="home-row-head">
        <h2 id={id} className="home-heading">
          {title}
        </h2>
        {seeAll ? (
          <HomeLink href={seeAll} className="home-see-all" aria-label={t('seeAllLabel', { row: title })}>
            {t('seeAll')}
          </HomeLink>
        ) : null}
      </div>
      <ul className="home-scroller">{children}</ul>
    </section>
  );
}
