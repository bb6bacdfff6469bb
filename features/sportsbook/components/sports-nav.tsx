'use client';

import { useTranslations } from 'next-intl';
import type { MouseEvent, ReactNode } from 'react';
import { SPORTS } from '@/lib/constants/sports';
import { Link } from '@/lib/i18n/navigation';
import type { SportsMenuReply } from '../api/replies';
import { sportName } from '../labels';
import { writeSportsView, type SportsView } from '../view';

/** `relative`: the chips' screen-reader-only text is absolutely placed, and must be clipped by this row's
 * scrolling, not widen the page. */
const ROW = 'relative flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]';

/**
 * Sports and the chosen sport's leagues as rows of chips, each a real link to its view (shareable, opens in
 * a new tab); a plain click changes the view in place. A row scrolls sideways on its own on a phone, the
 * page never does. Without the menu (it has not answered) every sport is offered, without counts.
 */
export function SportsNav({
  menu,
  view,
  onChange,
}: {
  menu: SportsMenuReply | null;
  view: SportsView;
  onChange: (view: SportsView) => void;
}) {
  const t = useTranslations('sports');
  const sports =
    menu?.sports.filter((entry) => entry.live + entry.upcoming > 0 || entry.key === view.sport) ??
    SPORTS.map((key) => ({ key, live: 0, upcoming: 0, leagues: [] }));
  const chosen = menu?.sports.find((entry) => entry.key === view.sport);
  const leagues = chosen?.leagues.filter(
    (league) => league.live + league.upcoming > 0 || league.id === view.league,
  );
  return (
    <nav aria-label={t('nav.label')} className="mb-6 min-w-0 space-y-2" data-testid="sports-nav">
      <ul className={ROW}>
        <Chip view={{ sport: null, league: null }} current={view.sport === null} onChange={onChange}>
          {t('nav.all')}
        </Chip>
        {sports.map((entry) => (
          <Chip
            key={entry.key}
            view={{ sport: entry.key, league: null }}
            current={view.sport === entry.key}
            onChange={onChange}
            testId={`sport-${entry.key}`}
          >
            {sportName(t, entry.key)}
            {menu ? (
              <Counts live={entry.live} upcoming={entry.upcoming} current={view.sport === entry.key} />
            ) : null}
          </Chip>
        ))}
      </ul>
      {view.sport && leagues && leagues.length > 0 ? (
        <ul className={ROW} aria-label={t('nav.leagues')} data-testid="league-nav">
          <Chip view={{ sport: view.sport, league: null }} current={view.league === null} onChange={onChange}>
            {t('nav.allLeagues')}
          </Chip>
          {leagues.map((league) => (
            <Chip
              key={league.id}
              view={{ sport: view.sport, league: league.id }}
              current={view.league === league.id}
              onChange={onChange}
              testId={`league-${league.id}`}
            >
              {league.name}
              <Counts live={league.live} upcoming={league.upcoming} current={view.league === league.id} />
            </Chip>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

/** A sport's or league's events: live ones in red (on the chosen chip, in its own colour), then all. */
function Counts({ live, upcoming, current }: { live: number; upcoming: number; current: boolean }) {
  const t = useTranslations('sports.nav');
  return (
    <>
      <span className="sr-only">, {t('counts', { live, upcoming })}</span>
      <span
        aria-hidden="true"
        className={`ml-2 inline-flex items-center gap-1 text-xs ${current ? '' : 'text-muted'}`}
      >
        {live > 0 ? <span className={`font-semibold ${current ? '' : 'text-danger'}`}>● {live}</span> : null}
        <span>{live + upcoming}</span>
      </span>
    </>
  );
}

function Chip({
  view,
  current,
  onChange,
  testId,
  children,
}: {
  view: SportsView;
  current: boolean;
  onChange: (view: SportsView) => void;
  testId?: string;
  children: ReactNode;
}) {
  const query = new URLSearchParams(writeSportsView(view));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click meant for a new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChange(view);
  };
  return (
    <li className="shrink-0">
      <Link
        href={{ pathname: '/betting', query: Object.fromEntries(query) }}
        prefetch={false}
        scroll={false}
        aria-current={current ? 'page' : undefined}
        onClick={onClick}
        className={`game-chip whitespace-nowrap ${current ? 'border-gold bg-gold text-ink' : 'border-line bg-panel hover:border-gold'}`}
        data-testid={testId}
      >
        {children}
      </Link>
    </li>
  );
}
