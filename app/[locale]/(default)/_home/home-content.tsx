import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { LocaleLink } from '@/components/i18n/locale-link';
import { HomeBanners, HomeRows } from '@/features/home/components/home-lobby';
import { LiveFeedSection } from '@/features/live-feed/live-feed-section';
import { ROUTES } from '@/lib/routes';

/**
 * The home page's content, shared by the plain home page and its variant with a verification tag: the
 * live lobby (issue 19): the banners, the welcome, the rows of games and matches, the big wins.
 */
export async function HomeContent() {
  const t = await getTranslations();
  return (
    <div data-page-kind="default" className="home-page">
      <HomeBanners />
      <section className="home-hero">
        <h1 className="home-hero-title">{t('pages.home.heroTitle')}</h1>
        <p className="home-hero-text">{t('pages.home.heroText')}</p>
        <div className="home-actions">
          {/* A signed-in player never sees the sign-up (hidden before the first paint: globals.css). */}
          <span data-guest-only className="contents">
            <DialogTrigger modal="signup" className={buttonClass.primary}>
              {t('pages.home.heroCta')}
            </DialogTrigger>
          </span>
          <LocaleLink href={ROUTES.welcomePack} className={buttonClass.secondary}>
            {t('nav.welcomePack')}
          </LocaleLink>
        </div>
      </section>
      <HomeRows />
      <LiveFeedSection className="mt-10" />
    </div>
  );
}
