import { ProviderGameScreen } from '@/features/casino-lobby/components/provider-game-screen';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ slots: string }>;

export const generateMetadata = pageMetadata('liveDemo', (p) => ({ slots: p.slots }));

export default async function Page(props: Props) {
  const { slots } = await enterPage(props);
  return <ProviderGameScreen lobby="live-casino" mode="demo" slots={slots} />;
}
