/**
 * Game launches: what the operator's `game/url` call asked for (player, session token, game, currency,
 * language, lobby and deposit URLs), kept 24 hours under a random id that is the game page's address
 * (`/play/<id>`) and the page's only credential. A demo launch (`currency: "XXX"`, or no player) holds its
 * own demo balance and never reaches the wallet.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_BALANCE_MINOR, type PlayCurrency } from './money';
import type { Store } from './store';

export const LAUNCH_TTL_MS = 24 * 60 * 60 * 1000;
export const LANGUAGES = ['ru', 'en', 'kz'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Launch {
  id: string;
  gameCode: string;
  /** The aggregator `user` and session token; null for a demo. */
  user: string | null;
  token: string | null;
  currency: PlayCurrency;
  lang: Language;
  platform: 'GPL_DESKTOP' | 'GPL_MOBILE';
  lobbyUrl: string | null;
  depositUrl: string | null;
  demo: boolean;
  /** A demo launch's balance in minor units. */
  demoBalanceMinor: bigint;
  /** A real launch's balance as the wallet last answered it (minor units), for the page. */
  lastBalanceMinor: bigint | null;
  createdAt: number;
}

export function launches(store: Store, now: () => number = Date.now) {
  const all = store.state.launches;
  return {
    create(input: Omit<Launch, 'id' | 'createdAt' | 'demoBalanceMinor' | 'lastBalanceMinor'>): Launch {
      const launch: Launch = {
        ...input,
        id: randomBytes(18).toString('base64url'),
        demoBalanceMinor: DEMO_BALANCE_MINOR,
        lastBalanceMinor: null,
        createdAt: now(),
      };
      all[launch.id] = launch;
      store.save();
      return launch;
    },
    get(id: string): Launch | null {
      const launch = Object.hasOwn(all, id) ? all[id] : undefined;
      return launch && now() - launch.createdAt < LAUNCH_TTL_MS ? launch : null;
    },
    /** Forgets the launches older than 24 hours. */
    prune(): void {
      let removed = false;
      for (const [id, launch] of Object.entries(all)) {
        if (now() - launch.createdAt >= LAUNCH_TTL_MS) {
          delete all[id];
          removed = true;
        }
      }
      if (removed) store.save();
    },
  };
}
export type Launches = ReturnType<typeof launches>;
