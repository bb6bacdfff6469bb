import { useTranslations } from 'next-intl';

/**
 * A player's VIP club level (lib/constants/vip.ts), small: a gold number in the corner of the header's
 * profile button (`corner`, inside the button's box, so the header keeps its one row on a phone), or a
 * pill "VIP 2" (`pill`, the profile page). Nothing for level 0 (no level) or an unknown one. Needs the
 * `vip.badge` messages.
 */
export function VipBadge({
  level,
  variant,
}: {
  level: number | null | undefined;
  variant: 'corner' | 'pill';
}) {
  const t = useTranslations('vip.badge');
  if (!level || level < 1) return null;
  if (variant === 'corner') {
    return (
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-0.5 top-0.5 min-w-4 rounded-full bg-gold px-1 text-center text-[10px] font-bold leading-4 text-ink"
        data-testid="header-vip-level"
      >
        {level}
      </span>
    );
  }
  return (
    <span
      className="inline-flex rounded-full border border-gold/60 px-2 py-0.5 text-xs font-semibold text-gold"
      title={t('label', { level })}
      data-testid="vip-badge"
    >
      {t('short', { level })}
    </span>
  );
}
