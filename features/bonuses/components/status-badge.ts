import type { BonusStatus } from '@/lib/contracts/bonuses';

/** Badge colours of a bonus's status. */
export const STATUS_BADGE: Record<BonusStatus, string> = {
  waiting: 'border-gold text-gold',
  active: 'border-ok text-ok',
  wagered: 'border-line text-white',
  cancelled: 'border-line text-muted',
  expired: 'border-line text-muted',
};
