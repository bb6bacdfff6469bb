/**
 * Query keys of the signed-in player, generic to specific; invalidate with these, never a hand-written
 * array (STYLE.md).
 */
export const sessionKeys = {
  all: ['profile'] as const,
  profile: () => [...sessionKeys.all, 'user'] as const,
  /** The mutation that saves one setting. */
  setting: (field: string) => [...sessionKeys.all, 'settings', field] as const,
};

/** The key of the profile query: the player's data, balance included. */
export const profileQueryKey = sessionKeys.profile();
