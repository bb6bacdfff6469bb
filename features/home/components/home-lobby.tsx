import { useTranslations } from 'next-intl';
import { homeBanners } from '../api/get-banners';
import { catalogRow } from '../api/get-catalog-row';
import { upcomingEvents } from '../api/get-upcoming-events';
import { IN_HOUSE_GAMES } from '../in-house-games';
import { BannerCarousel } from './banner-carousel';
import { CatalogRow } from './catalog-row';
import { InHouseRow } from './in-house-row';
import { RecentlyPlayedLoader } from './recently-played-loader';
import { SectionsRow } from './sections-row';
import { SoftNavigation } from './soft-navigation';
import { SportsRow } from './sports-row';

/** The home page's banner carousel, read on the server; nothing when the API has none or fails. */
export async function HomeBanners() {
  return <BannerCarousel banners={await homeBanners()} />;
}

/** The signed-in player's recently played row, in a room kept for it before the page paints. */
function RecentRow() {
  const t = useTranslations();
  const title = t('home.rows.recent');
  const names: Record<string, string> = { sports: t('nav.betting') };
  for (const game of IN_HOUSE_GAMES) names[game.key] = t(game.label);
  return (
    <div className="home-recent">
      <RecentlyPlayedLoader
        text={{ title, seeAll: t('home.seeAll'), seeAllLabel: t('home.seeAllLabel', { row: title }), names }}
      />
    </div>
  );
}

/**
 * The lobby's rows under the banners: the house's own games, the player's recently played, the popular
 * slots, the live tables, the next matches and the other lobbies. The catalogue and the matches are read
 * on the server in parallel; a row whose call fails is left out, the rest of the page stands.
 */
export async function HomeRows() {
  const [slots, live, events] = await Promise.all([
    catalogRow('slots'),
    catalogRow('live'),
    upcomingEvents(),
  ]);
  return (
    <>
      <SoftNavigation />
      <InHouseRow />
      <RecentRow />
      <CatalogRow lobby="slots" games={slots} />
      <CatalogRow lobby="live" games={live} />
      <SportsRow events={events} />
      <SectionsRow />
    </>
  );
}
