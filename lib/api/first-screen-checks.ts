import type { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { REGIONS } from '@/lib/constants/regions';
import { FAIR_GAMES } from '@/lib/contracts/fair-games';
import type {
  bonus as bonusSchema,
  bonusActivation as bonusActivationSchema,
  waitingBonusReply as waitingBonusReplySchema,
  welcomePackReply as welcomePackReplySchema,
} from '@/lib/contracts/bonuses';
import type { CrashHistory } from '@/lib/contracts/crash';
import type { gameLimitsReply as gameLimitsReplySchema } from '@/lib/contracts/games';
import type { supportChatReply as supportChatReplySchema } from '@/lib/contracts/support';
import type {
  clientReportReply as clientReportReplySchema,
  okReply as okReplySchema,
  utmReply as utmReplySchema,
} from '@/lib/contracts/traffic';
import {
  array,
  int,
  literal,
  looseObject,
  money,
  nullable,
  nullish,
  number,
  object,
  oneOf,
  string,
  union,
  ResponseShapeError,
  type Check,
} from './check';

/**
 * The responses the first screen of every page reads, checked without zod (lib/api/check.ts says why):
 * each is typed by its contract's zod schema, and first-screen-checks.test.ts proves that both accept
 * and reject the same answers. A forms' or a signed-in player's call parses with its zod schema.
 */

// ------------------------------------------------------------------------------------------------
// Traffic (lib/contracts/traffic.ts)

/** `{ ok: true }` of the attribution calls. */
export const okReply: Check<z.infer<typeof okReplySchema>> = object({ ok: literal(true) });

/** `POST middleware/ip`. */
export const clientReportReply: Check<z.infer<typeof clientReportReplySchema>> = object({ ip: string });

/** `POST /middleware/utm`. */
export const utmReply: Check<z.infer<typeof utmReplySchema>> = object({
  advId: string,
  promo: nullable(object({ type: string, value: union(string, number) })),
});

/**
 * Mirror data (spec section 3, "site configuration"), as `GET mirror` / `GET /api/mirror` answer it:
 * only the fields the app reads, each possibly missing or null; other keys pass through.
 */
export interface Mirror {
  redirect?: { newLink?: string | null } | null;
  sso?: string | null;
  verification?: string | null;
  revshare_service_frontend_url?: string | null;
  telegram_channel_url?: string | null;
}

export const mirror: Check<Mirror> = looseObject<Mirror>({
  redirect: nullish(looseObject<{ newLink?: string | null }>({ newLink: nullish(string) })),
  sso: nullish(string),
  verification: nullish(string),
  revshare_service_frontend_url: nullish(string),
  telegram_channel_url: nullish(string),
});

// ------------------------------------------------------------------------------------------------
// Support chat (lib/contracts/support.ts)

export const supportChatReply: Check<z.infer<typeof supportChatReplySchema>> = object({
  region: oneOf(REGIONS),
  variant: nullable(oneOf(REGIONS)),
  app_id: nullable(string),
  script_url: nullable(string),
  button_image_url: nullable(string),
  user: nullable(
    object({ app_id: string, email: nullable(string), user_id: string, user_hash: nullable(string) }),
  ),
});

// ------------------------------------------------------------------------------------------------
// Bonuses (lib/contracts/bonuses.ts): the bonus bar's calls

const currency = oneOf(CURRENCIES);
const bonusShape = {
  code: string,
  name: string,
  description: string,
  percent: int,
  min_deposit: money,
  max_bonus: money,
  wager: number,
  currency,
  expires_in: int,
  region: nullable(oneOf(REGIONS)),
};

export const bonus: Check<z.infer<typeof bonusSchema>> = object(bonusShape);

export const bonusActivation: Check<z.infer<typeof bonusActivationSchema>> = object({
  ...bonusShape,
  id: int,
  source: oneOf(['promo', 'welcome_pack', 'free_spins']),
  status: oneOf(['waiting', 'active', 'wagered', 'cancelled', 'expired']),
  amount: money,
  wager_required: money,
  wagered: money,
  created_at: string,
});

export const waitingBonusReply: Check<z.infer<typeof waitingBonusReplySchema>> = object({
  bonus: nullable(bonusActivation),
});

export const welcomePackReply: Check<z.infer<typeof welcomePackReplySchema>> = object({
  publicTitle: nullable(string),
  currency,
  deposits_made: nullable(int),
  stages: array(
    object({
      stage: int,
      deposit_number: int,
      title: string,
      percent: int,
      min_deposit: money,
      max_bonus: money,
      wager: number,
      free_spins: int,
      status: nullable(oneOf(['done', 'current', 'locked'])),
    }),
  ),
});

// ------------------------------------------------------------------------------------------------
// Games (lib/contracts/games.ts): the limits every game's page shows

type GameLimitsReply = z.infer<typeof gameLimitsReplySchema>;
const range = object({ min: money, max: money });

/** `GET /games/limits?currency=`: a range per game, for some of the games (a partial record). */
export const gameLimitsReply: Check<GameLimitsReply> = object<GameLimitsReply>({
  currency,
  limits: (value, path = 'limits') => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ResponseShapeError(path, 'an object');
    const limits: GameLimitsReply['limits'] = {};
    for (const [game, entry] of Object.entries(value)) {
      if (!(FAIR_GAMES as readonly string[]).includes(game))
        throw new ResponseShapeError(`${path}.${game}`, `one of ${FAIR_GAMES.join(', ')}`);
      limits[game as keyof GameLimitsReply['limits']] = range(entry, `${path}.${game}`);
    }
    return limits;
  },
});

// ------------------------------------------------------------------------------------------------
// Crash (lib/contracts/crash.ts): the strip of recent points above the live curve

/** `GET /crash/history?limit=`: finished games, newest first. */
export const crashHistoryReply: Check<CrashHistory> = object<CrashHistory>({
  items: array(object({ id: int, hash: string, crash_point: number, started_at: string })),
});
