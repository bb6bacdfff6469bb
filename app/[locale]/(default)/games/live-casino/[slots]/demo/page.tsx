import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/lib/i18n/navigation';
import { liveCasinoPath, ROUTES, validate } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ slots: string }>;

export const generateMetadata = pageMetadata('liveDemo', (p) => ({ slots: p.slots }));

export default async function Page(props: Props) {
  const { slots } = await enterPage(props);
  if (!validate.slug(slots)) notFound();
  const t = await getTranslations();
  return (
    <PageShell path={liveCasinoPath(slots, 'demo')} title={t('pages.liveDemo.title', { slots })}>
      <EmptyState title={t('empty.slotUnavailable', { slots })} hint={t('empty.slotUnavailableHint')}>
        <Link href={ROUTES.liveCasino} className={buttonClass.secondary}>
          {t('empty.backToLobby')}
        </Link>
      </EmptyState>
    </PageShell>
  );
}
