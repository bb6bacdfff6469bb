import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { topFirstScreen } from '@/features/top/api/first-screen';
import { TopPage } from '@/features/top/components/top-page';
import { topView } from '@/features/top/constants';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = pageMetadata('top');

/**
 * /top: the biggest wins, the biggest multipliers and the most wagered, of the day, the week or all time
 * (issue 19); the view is in the query (`?board=&period=`), so each tab is a link with its own first screen.
 */
export default async function Page(props: Props) {
  await enterPage(props);
  const { board, period } = topView(await props.searchParams);
  const [t, first] = await Promise.all([getTranslations('pages.top'), topFirstScreen(board, period)]);
  return (
    <PageShell path={ROUTES.top} title={t('title')} description={t('description')}>
      <TopPage board={board} period={period} first={first} />
    </PageShell>
  );
}
