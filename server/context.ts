import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { CaptchaVerifier } from './modules/auth/captcha';
import type { AuthKeys } from './modules/auth/secret';
import type { BetFeed } from './modules/feed/feed';
import type { OutboxDelivery } from './modules/outbox/delivery';
import type { RealtimeBus } from './realtime/bus';
import type { SocketHub } from './realtime/socket';
import type { TopicRegistry } from './realtime/topics';

/** What route modules receive as plugin options. */
export interface AppContext {
  db: Database;
  config: Config;
  /** The time every rule (expiry, windows, cooldowns) is judged by; tests move it. */
  clock: Clock;
  keys: AuthKeys;
  /** The outbox's delivery job: woken after a change that queued messages commits (never awaited). */
  outbox: Pick<OutboxDelivery, 'wake'>;
  /** hCaptcha verification, or null when HCAPTCHA_SECRET is unset (no captcha required). */
  captcha: CaptchaVerifier | null;
  /** Events to every socket of every process (server/realtime): the bus, who answers for each topic, the sockets. */
  realtime: { bus: RealtimeBus; topics: TopicRegistry; hub: SocketHub };
  /** The live bets feed: games record their settled bets in it. */
  feed: Pick<BetFeed, 'record'>;
}
