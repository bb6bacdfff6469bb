/**
 * The studio's server: the Games API the operator calls (games-api.ts), the game pages and their JSON
 * calls (play-routes.ts), the art (art.ts), and behind them the state on disk (store.ts), the wallet's
 * outbox (outbox.ts) and the tables' schedule (tables.ts). `buildStudio` wires them; main.ts listens.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { StudioConfig } from './config';
import { gamesApi } from './games-api';
import { launches as createLaunches } from './launches';
import { keyedMutex } from './mutex';
import { createOutbox, type Outbox } from './outbox';
import { playRoutes } from './play-routes';
import { rewards as createRewards } from './rewards';
import { seedPairs } from './seeds';
import { slotPlay } from './slots';
import { stakes as createStakes } from './stakes';
import { openStore, type Store } from './store';
import { tables as createTables } from './tables';
import { walletClient } from './wallet';

export interface Studio {
  app: FastifyInstance;
  store: Store;
  outbox: Outbox;
  close: () => Promise<void>;
}

const PRUNE_MS = 60 * 60 * 1000;

export async function buildStudio(
  config: StudioConfig,
  options: { logger?: boolean | { level: string } } = {},
): Promise<Studio> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024 });
  const log = (message: string) => app.log.info(`studio: ${message}`);
  const store = openStore(config.dataDir);
  const wallet = walletClient({
    walletUrl: config.walletUrl,
    secret: config.secret,
    timeoutMs: config.walletTimeoutMs,
  });
  const outbox = createOutbox(store, wallet, log);
  const launches = createLaunches(store);
  launches.prune();
  const mutex = keyedMutex();
  const rewards = createRewards(store);
  const seeds = seedPairs(store);
  const stakes = createStakes(store, outbox);
  const slots = slotPlay({ store, seeds, stakes, rewards, mutex });
  const tables = createTables({
    store,
    stakes,
    mutex,
    bettingMs: config.tableBettingMs,
    resultMs: config.tableResultMs,
    launchOf: (id) => launches.get(id),
    log,
  });
  const pruning = setInterval(() => launches.prune(), PRUNE_MS);
  pruning.unref();

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });
  gamesApi(app, { config, launches, rewards, tables });
  playRoutes(app, { config, launches, rewards, seeds, slots, tables, wallet, mutex });
  await app.ready();

  return {
    app,
    store,
    outbox,
    async close() {
      clearInterval(pruning);
      tables.close();
      outbox.close();
      await app.close();
    },
  };
}
