import { useLocale, useTranslations } from 'next-intl';
import type { Banner } from '@/lib/contracts/promotions';
import { isLocale } from '@/lib/i18n/locales';
import { Carousel } from './carousel';
import { Countdown } from './countdown';
import { HomeLink } from './home-link';

/**
 * The operator's banners and the tournaments', as the first thing of the home page. The slides are
 * rendered here, on the server; only the frame (buttons, keys) and the countdowns run in the browser.
 * Nothing when there is no banner.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useTranslations('home');
  const raw = useLocale();
  const locale = isLocale(raw) ? raw : 'en';
  if (banners.length === 0) return null;
  const labels = {
    startsIn: t.raw('countdown.startsIn') as string,
    endsIn: t.raw('countdown.endsIn') as string,
    days: t.raw('countdown.days') as string,
  };
  return (
    <Carousel
      label={t('banners.label')}
      previous={t('banners.previous')}
      next={t('banners.next')}
      count={banners.length}
    >
      {banners.map((banner, index) => (
        <div
          key={banner.id}
          data-slide={index}
          role="group"
          aria-roledescription={t('banners.slide')}
          aria-label={t('banners.position', { index: index + 1, count: banners.length })}
          className={`banner-slide banner-${banner.theme}`}
        >
          <h2 className="banner-title">
            <HomeLink href={banner.href} className="banner-link">
              {banner.title[locale]}
            </HomeLink>
          </h2>
          <p className="banner-text">{banner.text[locale]}</p>
          {banner.starts_at || banner.ends_at ? (
            <Countdown startsAt={banner.starts_at} endsAt={banner.ends_at} labels={labels} />
          ) : null}
        </div>
      ))}
    </Carousel>
  );
}
