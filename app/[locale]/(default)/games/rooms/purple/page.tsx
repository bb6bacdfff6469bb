import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { RoomScreen } from '@/features/casino-lobby/components/room-screen';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('roomPurple');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.roomPurple');
  return (
    <PageShell path={ROUTES.roomPurple} title={t('title')} description={t('description')}>
      <RoomScreen room="purple" />
    </PageShell>
  );
}
