/**
 * The casino catalogue's fixed values (issue 17), without zod: the lobbies' first screen checks replies
 * with them (features/casino-lobby/api/replies.ts), and lib/contracts/casino.ts builds its schemas on them.
 */

/** `slots`: every game that is not a live table; `live`: the live casino. */
export const CASINO_LOBBIES = ['slots', 'live'] as const;

/** `popular`: tagged popular, then most players in 7 days, then the operator's order; `new`: tagged new, then newest; `name`: A–Z. */
export const CASINO_SORTS = ['popular', 'new', 'name'] as const;

export const CASINO_TAGS = ['new', 'popular'] as const;
