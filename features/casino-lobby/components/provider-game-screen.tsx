import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { PageShell } from '@/components/layout/page-shell';
import { liveCasinoPath, slotPath, validate } from '@/lib/routes';
import { GameFrameIsland } from './islands';

const LOBBY = {
  slots: { path: slotPath, lobby: 'slots', title: { play: 'slotPlay', demo: 'slotDemo' } },
  'live-casino': { path: liveCasinoPath, lobby: 'live', title: { play: 'livePlay', demo: 'liveDemo' } },
} as const;

/**
 * A provider game (slot or live table) for money or in demo: the page's frame on the server, the game
 * launched and framed in the browser (game-frame.tsx). An invalid game slug is a 404; an unknown game
 * says so there.
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
      {/* In the server's HTML: the first screen's widest text, painted with the page (game-frame.tsx
          frames the game below it once launched). */}
      {mode === 'demo' ? (
        <p
          className="mb-3 rounded-xl border border-line bg-panel px-3 py-2 text-sm text-muted"
          data-testid="demo-note"
        >
          {t('casino.game.demoNote')}
        </p>
      ) : null}
      <ScopedMessages namespaces={['casino.game']}>
        <GameFrameIsland lobby={config.lobby} code={slots} mode={mode} />
      </ScopedMessages>
    </PageShell>
  );
}
