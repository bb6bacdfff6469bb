import { getTranslations } from 'next-intl/server';
import { ORIGINALS_NAV } from '@/components/layout/nav-items';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { LocaleLink } from '@/components/i18n/locale-link';
import { LiveFeedSection } from '@/features/live-feed/live-feed-section';
import { ROUTES } from '@/lib/routes';

const SECTIONS = [
  { key: 'slots', href: ROUTES.slots },
  { key: 'liveCasino', href: ROUTES.liveCasino },
  { key: 'cases', href: ROUTES.cases },
  { key: 'rooms', href: ROUTES.rooms },
  { key: 'betting', href: ROUTES.betting },
  { key: 'tournaments', href: ROUTES.tournaments },
  { key: 'vipClub', href: ROUTES.vipClub },
  { key: 'top', href: ROUTES.top },
] as const;

/** The home page's content, shared by the plain home page and its variant with a verification tag. */
export async function HomeContent() {
  const t = await getTranslations();
  return (
    <div data-page-kind="default" className="home-page">
      <section className="home-hero">
        <h1 className="home-hero-title">{t('pages.home.heroTitle')}</h1>
        <p className="home-hero-text">{t('pages.home.heroText')}</p>
        <div className="home-actions">
          <DialogTrigger modal="signup" className={buttonClass.primary}>
            {t('pages.home.heroCta')}
          </DialogTrigger>
          <LocaleLink href={ROUTES.welcomePack} className={buttonClass.secondary}>
            {t('nav.welcomePack')}
          </LocaleLink>
        </div>
      </section>

      <section aria-labelledby="home-originals" className="mt-10">
        <h2 id="home-originals" className="home-heading">
          {t('nav.originals')}
        </h2>
        <ul className="home-tiles">
          {ORIGINALS_NAV.map((game) => (
            <li key={game.key}>
              <LocaleLink href={game.href} className="home-tile">
                {t(`nav.${game.key}`)}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-sections" className="mt-10">
        <h2 id="home-sections" className="home-heading">
          {t('pages.home.sections')}
        </h2>
        <ul className="home-cards">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <LocaleLink href={section.href} className="home-card">
                <span className="font-semibold">{t(`nav.${section.key}`)}</span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>

      <LiveFeedSection className="mt-10" />
    </div>
  );
}
