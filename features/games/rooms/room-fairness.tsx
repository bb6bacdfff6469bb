import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ROOM_COMMISSION_PERCENT, type RoomName } from '@/lib/constants/rooms';
import { DeferredRoomFairnessTools } from './room-fairness-deferred';

const STEPS = ['seed', 'stakes', 'hmac', 'ticket', 'winner', 'commission'] as const;

/**
 * A room's "Provably fair" section (issue 16, lib/fair/rooms.ts): the scheme in plain words (server HTML),
 * then the last rounds with their proofs and the in-browser verifier (client code, `rooms` texts, loaded
 * once the section nears the screen or the page is idle: room-fairness-deferred.tsx).
 */
export async function RoomFairness({ room }: { room: RoomName }) {
  const t = await getTranslations('rooms.fair');
  return (
    <section aria-labelledby="room-fairness-title" className="mt-8 space-y-4" data-testid="room-fairness">
      <div>
        <h2 id="room-fairness-title" className="text-xl font-bold">
          {t('title')}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">{t('intro')}</p>
      </div>
      <section
        aria-labelledby="room-fairness-how"
        className="rounded-2xl border border-line bg-panel p-4 text-sm"
      >
        <h3 id="room-fairness-how" className="mb-2 font-semibold">
          {t('howTitle')}
        </h3>
        <ol className="list-decimal space-y-2 pl-5 text-muted">
          {STEPS.map((step) => (
            <li key={step} className="break-words">
              {t(`steps.${step}`, { percent: ROOM_COMMISSION_PERCENT })}
            </li>
          ))}
        </ol>
      </section>
      <ScopedMessages namespaces={['rooms.history', 'rooms.verifier']}>
        <DeferredRoomFairnessTools room={room} />
      </ScopedMessages>
    </section>
  );
}
