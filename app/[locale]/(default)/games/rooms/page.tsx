import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { RoomsLobby } from '@/features/games/rooms/rooms-lobby';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('rooms');

/** /games/rooms: the three rooms, each with its open round's pot and players, live. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.rooms');
  return (
    <PageShell path={ROUTES.rooms} title={t('title')} description={t('description')}>
      <RoomsLobby />
    </PageShell>
  );
}
