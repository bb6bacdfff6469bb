import { serverServiceBaseUrl } from '@/lib/api/base-url';
import { VIP_LEVELS } from '@/lib/constants/vip';
import { vipReply, type VipReply } from '@/lib/contracts/vip';

export type VipLevelView = VipReply['levels'][number];

/** The levels in the page's HTML are read again at most this often. */
export const VIP_REVALIDATE_S = 300;
const FETCH_TIMEOUT_MS = 1_500;

/** The levels as lib/constants/vip.ts declares them, in the reply's shape (the API answers the same). */
export const DECLARED_LEVELS: VipLevelView[] = VIP_LEVELS.map((level) => ({
  level: level.level,
  key: level.key,
  points: level.points,
  rakeback_percent: level.rakebackPercent,
  level_up_rub: level.levelUpRub,
  weekly_percent: level.weeklyBp / 100,
}));

/**
 * The club's levels as a guest sees them (`GET /vip`), for the page's server-rendered HTML (read on the
 * server, so zod never reaches a guest's browser); the declared ones when the API does not answer (as at
 * `next build`).
 */
export async function vipLevelsFirstScreen(): Promise<VipLevelView[]> {
  try {
    const response = await fetch(`${serverServiceBaseUrl('general')}/vip`, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      next: { revalidate: VIP_REVALIDATE_S },
    });
    if (!response.ok) return DECLARED_LEVELS;
    const levels = vipReply.parse(await response.json()).levels;
    return levels.length > 0 ? levels : DECLARED_LEVELS;
  } catch {
    return DECLARED_LEVELS;
  }
}
