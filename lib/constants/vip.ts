/**
 * The VIP club (issue 19). A player's points are their lifetime wager in roubles at the declared rates
 * (lib/constants/activity.ts), one point per rouble; the spec's "Levels: minimum 100" is the first
 * threshold. Each level's benefits:
 * - rakeback: this share of the house edge of every wager (lib/constants/activity.ts `houseEdgeBp`),
 *   accrued as bets settle and claimed to cash;
 * - a level-up bonus, in roubles (converted to the player's currency), claimable once per level reached;
 * - a weekly bonus: this share of the past ISO week's wager (Monday 00:00 UTC to Monday), claimable once
 *   the week is over, for the level held when it is claimed.
 */
export const VIP_LEVELS = [
  { level: 1, key: 'bronze', points: 100, rakebackPercent: 5, levelUpRub: 100, weeklyBp: 5 },
  { level: 2, key: 'silver', points: 10_000, rakebackPercent: 7, levelUpRub: 500, weeklyBp: 10 },
  { level: 3, key: 'gold', points: 50_000, rakebackPercent: 10, levelUpRub: 2_000, weeklyBp: 15 },
  { level: 4, key: 'platinum', points: 250_000, rakebackPercent: 12, levelUpRub: 10_000, weeklyBp: 20 },
  { level: 5, key: 'diamond', points: 1_000_000, rakebackPercent: 15, levelUpRub: 50_000, weeklyBp: 30 },
] as const;
export type VipLevel = (typeof VIP_LEVELS)[number];
export type VipLevelKey = VipLevel['key'];
export const VIP_LEVEL_KEYS = VIP_LEVELS.map((level) => level.key) as [VipLevelKey, ...VipLevelKey[]];

/** The level of a player with `points` (0 below the first threshold). */
export function levelOf(points: number): number {
  let reached = 0;
  for (const level of VIP_LEVELS) if (points >= level.points) reached = level.level;
  return reached;
}

export function vipLevel(level: number): VipLevel | null {
  return VIP_LEVELS.find((entry) => entry.level === level) ?? null;
}

/**
 * Rakeback of one settled wager, in minor units of its currency: stake × house edge × the level's share,
 * rounded down (kept in millionths of a minor unit so that many small bets add up exactly).
 */
export function rakebackMicro(stakeMinor: bigint, edgeBp: number, rakebackPercent: number): bigint {
  // stake × edge/10 000 × percent/100 minor units = stake × edge × percent millionths, exactly.
  return stakeMinor * BigInt(edgeBp) * BigInt(rakebackPercent);
}

/** Micro-units per minor unit of rakeback (see rakebackMicro). */
export const RAKEBACK_MICRO_PER_MINOR = 1_000_000n;

/** VIP reward kinds a player claims. */
export const VIP_REWARD_KINDS = ['level_up', 'weekly'] as const;
export type VipRewardKind = (typeof VIP_REWARD_KINDS)[number];

/** Statuses of a VIP club request (`POST api/v2/vip/join`) as the operator reviews it. */
export const VIP_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
