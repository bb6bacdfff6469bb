/**
 * The traffic contract's limits (lib/contracts/traffic.ts re-exports them), in a module without zod so
 * that the attribution capture of every page can use them without loading zod (issue 14).
 */

/** Longest accepted attribution value (stag, partner, utm_*, ...). */
export const TEXT_MAX = 512;
/** Longest accepted URL (click_url, mirror links). */
export const URL_MAX = 2048;
/** Longest accepted user agent. Real ones stay well below; a longer one answers 422. */
export const USER_AGENT_MAX = 1024;
/** Query-parameter objects: at most this many keys, each at most PARAM_KEY_MAX characters. */
export const PARAMS_MAX_KEYS = 50;
export const PARAM_KEY_MAX = 64;
export const DOMAIN_MAX = 253;
export const PATH_MAX = 2048;
