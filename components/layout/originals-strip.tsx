import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ORIGINALS_NAV } from './nav-items';

/**
 * The row of single games above a game page, so a player moves from one game to another without going
 * back to the home page. Scrolls sideways on a phone; the current game is marked for screen readers.
 */
export async function OriginalsStrip({ current }: { current: string }) {
  const t = await getTranslations('nav');
  return (
    <nav
      aria-label={t('originals')}
      className="-mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      data-testid="originals-strip"
    >
      <ul className="flex gap-2">
        {ORIGINALS_NAV.map((game) => {
          const active = game.href === current;
          return (
            <li key={game.key} className="shrink-0">
              <LocaleLink
                href={game.href}
                aria-current={active ? 'page' : undefined}
                className={`game-chip ${active ? 'border-gold bg-gold text-ink' : 'border-line bg-panel hover:border-gold'}`}
              >
                {t(game.key)}
              </LocaleLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
