import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ROUTES, TOURNAMENT_STATUSES, tournamentsByStatusPath, type TournamentStatus } from '@/lib/routes';

export async function TournamentTabs({ current }: { current: TournamentStatus | null }) {
  const t = await getTranslations('tournaments');
  const tabs = [
    { key: 'all', href: ROUTES.tournaments, active: current === null },
    ...TOURNAMENT_STATUSES.map((status) => ({
      key: status,
      href: tournamentsByStatusPath(status),
      active: current === status,
    })),
  ] as const;
  return (
    <nav aria-label={t('statusLabel')} className="mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <LocaleLink
              href={tab.href}
              aria-current={tab.active ? 'page' : undefined}
              className={`block rounded-full border px-4 py-2 text-sm ${
                tab.active ? 'border-gold text-gold' : 'border-line text-muted hover:text-white'
              }`}
            >
              {t(tab.key)}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
