import { z } from 'zod';
import { ACTIVITY_CATEGORIES } from '@/lib/constants/activity';
import { localizedText } from './tournaments';

/**
 * The home page's live lobby (issue 19). Served by the general service base.
 * - `GET /promotions/banners` → {@link bannersReply}: the operator's banners (`npm run admin -- banner
 *   add|list|remove`) that are live now, then a banner per active or upcoming tournament, in order;
 * - `GET /activity/recent` (signed in) → {@link recentGamesReply}: the games the player played last,
 *   newest first, each once.
 */
export const BANNER_THEMES = ['gold', 'violet', 'emerald', 'crimson'] as const;

export const banner = z.object({
  id: z.string(),
  title: localizedText,
  text: localizedText,
  /** A path inside the app (`/tournament/3`, `/welcome-pack`). */
  href: z.string(),
  theme: z.enum(BANNER_THEMES),
  /** For a tournament banner: when it ends (active) or starts (upcoming), for a countdown. */
  ends_at: z.string().nullable(),
  starts_at: z.string().nullable(),
});
export type Banner = z.infer<typeof banner>;
export const bannersReply = z.object({ banners: z.array(banner) });

export const recentGame = z.object({
  game: z.string(),
  category: z.enum(ACTIVITY_CATEGORIES),
  at: z.string(),
});
export const recentGamesReply = z.object({ games: z.array(recentGame) });
