import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';
import { HomeContent } from './_home/home-content';

export const generateMetadata = pageMetadata('home');

export default async function HomePage(props: LocaleParams) {
  await enterPage(props);
  return <HomeContent />;
}
