import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { BOARDS, PERIODS, topHref, type TopBoard, type TopPeriod } from '../constants';

const chip = (active: boolean) =>
  `block whitespace-nowrap rounded-full border px-4 py-2 text-sm ${
    active ? 'border-gold text-gold' : 'border-line text-muted hover:text-white'
  }`;

/** The board and period tabs: links to the page's address with the view in its query. */
export async function TopTabs({ board, period }: { board: TopBoard; period: TopPeriod }) {
  const t = await getTranslations('top');
  const boardName = (name: TopBoard) => t(`boards.${name}`);
  const periodName = (name: TopPeriod) => t(`periods.${name}`);
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-between">
      <nav aria-label={t('boardLabel')} className="overflow-x-auto">
        <ul className="flex min-w-max gap-2">
          {BOARDS.map((name) => (
            <li key={name}>
              <LocaleLink
                href={topHref(name, period)}
                aria-current={name === board ? 'page' : undefined}
                className={chip(name === board)}
                data-testid={`top-board-${name}`}
              >
                {boardName(name)}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('periodLabel')} className="overflow-x-auto">
        <ul className="flex min-w-max gap-2">
          {PERIODS.map((name) => (
            <li key={name}>
              <LocaleLink
                href={topHref(board, name)}
                aria-current={name === period ? 'page' : undefined}
                className={chip(name === period)}
                data-testid={`top-period-${name}`}
              >
                {periodName(name)}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
