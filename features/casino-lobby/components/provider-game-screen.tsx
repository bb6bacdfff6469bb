import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { LocaleLink } from '@/components/i18n/locale-link';
import { liveCasinoPath, ROUTES, slotPath, validate } from '@/lib/routes';

const LOBBY = {
  slots: { path: slotPath, lobby: ROUTES.slots, title: { play: 'slotPlay', demo: 'slotDemo' } },
  'live-casino': {
    path: liveCasinoPath,
    lobby: ROUTES.liveCasino,
    title: { play: 'livePlay', demo: 'liveDemo' },
  },
} as const;

/**
 * A provider game (slot or live casino) for money or in demo. No game provider is connected yet, so it
 * says the game cannot start and leads back to its lobby; an invalid game slug is a 404.
 */
export async function ProviderGameScreen({
  lobby,
  mode,
  slots,
}: {
  lobby: keyof typeof LOBBY;
  mode: 'play' | 'demo';
  slots: string;
}) {
  if (!validate.slug(slots)) notFound();
  const t = await getTranslations();
  const config = LOBBY[lobby];
  return (
    <PageShell path={config.path(slots, mode)} title={t(`pages.${config.title[mode]}.title`, { slots })}>
      <EmptyState title={t('empty.slotUnavailable', { slots })} hint={t('empty.slotUnavailableHint')}>
        <LocaleLink href={config.lobby} className={buttonClass.secondary}>
          {t('empty.backToLobby')}
        </LocaleLink>
      </EmptyState>
    </PageShell>
  );
}
