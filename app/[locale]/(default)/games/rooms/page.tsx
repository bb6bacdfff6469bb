import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { RoomsLobby } from '@/features/casino-lobby/components/rooms-lobby';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('rooms');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.rooms');
  return (
    <PageShell path={ROUTES.rooms} title={t('title')} description={t('description')}>
      <RoomsLobby />
    </PageShell>
  );
}
