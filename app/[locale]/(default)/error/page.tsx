import { ErrorScreen } from '@/app/[locale]/_components/error-screen';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('error');

export default async function ErrorPage(props: LocaleParams) {
  await enterPage(props);
  return <ErrorScreen />;
}
