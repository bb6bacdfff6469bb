import { useTranslations } from 'next-intl';
import type { TournamentKind, TournamentState } from '@/lib/constants/tournaments';

const TONE: Record<TournamentState, string> = {
  active: 'border-ok/60 text-ok',
  upcoming: 'border-gold/60 text-gold',
  finished: 'border-line text-muted',
  cancelled: 'border-danger/60 text-danger',
};

/** A tournament's state and kind, as two small pills. */
export function StateBadges({ state, kind }: { state: TournamentState; kind: TournamentKind }) {
  const t = useTranslations('tournaments');
  return (
    <span className="flex flex-wrap gap-2 text-xs font-semibold">
      <span className={`rounded-full border px-2 py-0.5 ${TONE[state]}`} data-testid="tournament-state">
        {t(`states.${state}`)}
      </span>
      <span className="rounded-full border border-line px-2 py-0.5 text-muted" data-testid="tournament-kind">
        {t(`kinds.${kind}`)}
      </span>
    </span>
  );
}
