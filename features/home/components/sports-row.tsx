import { useTranslations } from 'next-intl';
import { LocalDateTime } from '@/components/ui/local-date-time';
import type { SportEvent } from '@/lib/contracts/sports';
import { ROUTES } from '@/lib/routes';
import { HomeLink } from './home-link';
import { LobbyRow } from './lobby-row';

const eventPath = (id: string) => `/betting/event/${encodeURIComponent(id)}`;

/** The match's headline prices (1 X 2, or 1 2 where no draw is possible), if its market is open. */
function headlineOdds(event: SportEvent) {
  const market = event.markets.find(
    (candidate) => candidate.period === null && (candidate.key === '1x2' || candidate.key === 'winner'),
  );
  return market?.status === 'open' ? market.outcomes : [];
}

/** The next matches of the sportsbook, each leading to its page; nothing when there are none. */
export function SportsRow({ events }: { events: SportEvent[] }) {
  const t = useTranslations();
  if (events.length === 0) return null;
  return (
    <LobbyRow id="home-sports" title={t('home.rows.sports')} seeAll={ROUTES.betting}>
      {events.map((event) => {
        const odds = headlineOdds(event);
        return (
          <li key={event.id} className="home-cell home-cell-wide">
            <HomeLink href={eventPath(event.id)} className="sport-tile">
              <span className="sport-tile-league">
                {t(`sports.sport.${event.sport}`)} · {event.league.name}
              </span>
              <span className="sport-tile-team">{event.home}</span>
              <span className="sport-tile-team">{event.away}</span>
              <LocalDateTime value={event.starts_at} className="sport-tile-time" />
              {odds.length > 0 ? (
                <span className="sport-tile-odds">
                  {odds.map((outcome) => (
                    <span key={outcome.id} className="sport-tile-price">
                      <span className="text-muted">{outcome.code}</span> {outcome.odds.toFixed(2)}
                    </span>
                  ))}
                </span>
              ) : null}
            </HomeLink>
          </li>
        );
      })}
    </LobbyRow>
  );
}
