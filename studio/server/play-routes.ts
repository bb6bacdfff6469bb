/**
 * The game page and its JSON calls, authenticated by the launch id in the path (the operator handed the
 * URL to the player's iframe; nobody else has it):
 *
 * - `GET /play/<id>`: the page (page.ts), in the launch's language;
 * - `GET /play/<id>/state`: balance, stakes, the feature in play, free rounds on offer, the seed pair;
 * - `POST /play/<id>/spin {amountMinor, free?}`: one slot spin (slots.ts);
 * - `POST /play/<id>/seed {clientSeed?, rotate?}`: the provably fair pair (seeds.ts);
 * - `GET /play/<id>/table`, `POST /play/<id>/table/bet {bets}`: the live tables (tables.ts).
 *
 * Amounts travel as decimal strings of minor units (bigint). The page may sit in any site's iframe
 * (`frame-ancestors *`) and loads nothing from anywhere else (`default-src 'self'`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { STUDIO_CATALOGUE } from '../games/catalogue';
import { backgroundSvg, thumbSvg } from './art';
import { clientBundle, clientStyles } from './bundle';
import type { StudioConfig } from './config';
import type { Launch, Launches } from './launches';
import { CURRENCY_SCALE, SLOT_STAKES, TABLE_CHIPS, unitsToMinor } from './money';
import type { KeyedMutex } from './mutex';
import { gamePage } from './page';
import { PlayError } from './play-error';
import type { Rewards } from './rewards';
import { CLIENT_SEED, type SeedPairs } from './seeds';
import { playerKey, slotOf, type SlotPlay } from './slots';
import { isTable, type Tables } from './tables';
import type { WalletCall } from './wallet';

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const minor = z
  .string()
  .regex(/^[0-9]{1,15}$/)
  .transform(BigInt);
const spinBody = z.object({ amountMinor: minor.optional(), free: z.boolean().optional() });
const seedBody = z.object({
  clientSeed: z.string().regex(CLIENT_SEED).optional(),
  rotate: z.boolean().optional(),
});
const tableBetBody = z.object({
  bets: z
    .array(
      z.object({
        type: z.string().min(1).max(20),
        numbers: z.array(z.number().int().min(0).max(36)).max(6).optional(),
        value: z.number().int().min(0).max(3).optional(),
        amountMinor: minor,
      }),
    )
    .min(1)
    .max(40),
});

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
    );

export function playRoutes(
  app: FastifyInstance,
  deps: {
    config: StudioConfig;
    launches: Launches;
    rewards: Rewards;
    seeds: SeedPairs;
    slots: SlotPlay;
    tables: Tables;
    wallet: WalletCall;
    mutex: KeyedMutex;
  },
): void {
  const { launches, rewards, seeds, slots, tables, wallet, mutex } = deps;
  const games = new Map(STUDIO_CATALOGUE.map((game) => [game.code, game]));

  /** The launch of the path, or a 404 sent. */
  const launchOr404 = (id: string, reply: FastifyReply): Launch | null => {
    const launch = launches.get(id);
    if (!launch) void json(reply, 404, { error: 'launch-not-found' });
    return launch;
  };

  const failed = (reply: FastifyReply, error: unknown) => {
    if (error instanceof PlayError) {
      return json(reply, error.code === 'rolled-back' || error.code === 'wallet-refused' ? 502 : 409, {
        error: error.code,
        detail: error.detail,
        balanceMinor: error.balanceMinor,
      });
    }
    throw error;
  };

  /** A real launch's balance: the wallet's answer now, else the last one known. */
  const balanceOf = async (launch: Launch): Promise<bigint | null> => {
    if (launch.demo) return launch.demoBalanceMinor;
    try {
      const reply = await wallet('user/balance', {
        user: launch.user,
        token: launch.token,
        game_code: launch.gameCode,
      });
      const balance =
        reply.status === 'RS_OK' && reply.balance !== undefined ? unitsToMinor(reply.balance) : null;
      if (balance !== null) launch.lastBalanceMinor = balance;
    } catch {
      // Unanswered: the page shows the last balance known.
    }
    return launch.lastBalanceMinor;
  };

  app.get<{ Params: { id: string } }>('/play/:id', (request, reply) => {
    const launch = launches.get(request.params.id);
    if (!launch)
      return reply.code(404).type('text/plain; charset=utf-8').send('This game session has expired.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .send(gamePage(launch, games.get(launch.gameCode)!));
  });

  app.get<{ Params: { id: string } }>('/play/:id/state', async (request, reply) => {
    const launch = launchOr404(request.params.id, reply);
    if (!launch) return reply;
    const reward = launch.user ? rewards.playable(launch.user, launch.gameCode, launch.currency) : null;
    const scale = CURRENCY_SCALE[launch.currency];
    return json(reply, 200, {
      game: launch.gameCode,
      currency: launch.currency,
      demo: launch.demo,
      lang: launch.lang,
      lobbyUrl: launch.lobbyUrl,
      depositUrl: launch.depositUrl,
      balanceMinor: await balanceOf(launch),
      stakes: (isTable(launch.gameCode) ? TABLE_CHIPS : SLOT_STAKES).map((stake) => stake * scale),
      feature: slotOf(launch.gameCode) ? slots.feature(launch) : null,
      freeRounds: reward
        ? { left: reward.betCountLeft, stakeMinor: unitsToMinor(reward.input.bet_value) }
        : null,
      fair: seeds.view(playerKey(launch)),
    });
  });

  app.post<{ Params: { id: string } }>('/play/:id/spin', async (request, reply) => {
    const launch = launchOr404(request.params.id, reply);
    if (!launch) return reply;
    const body = spinBody.safeParse(request.body);
    if (!body.success || !slotOf(launch.gameCode)) return json(reply, 400, { error: 'bad-bet' });
    try {
      return json(reply, 200, await slots.spin(launch, body.data));
    } catch (error) {
      return failed(reply, error);
    }
  });

  app.post<{ Params: { id: string } }>('/play/:id/seed', async (request, reply) => {
    const launch = launchOr404(request.params.id, reply);
    if (!launch) return reply;
    const body = seedBody.safeParse(request.body);
    if (!body.success) return json(reply, 400, { error: 'bad-seed' });
    const view = await mutex(playerKey(launch), async () => seeds.change(playerKey(launch), body.data));
    return json(reply, 200, view);
  });

  app.get<{ Params: { id: string } }>('/play/:id/table', (request, reply) => {
    const launch = launchOr404(request.params.id, reply);
    if (!launch) return reply;
    if (!isTable(launch.gameCode)) return json(reply, 404, { error: 'not-a-table' });
    return json(reply, 200, {
      ...tables.view(launch),
      balanceMinor: launch.demo ? launch.demoBalanceMinor : launch.lastBalanceMinor,
    });
  });

  app.post<{ Params: { id: string } }>('/play/:id/table/bet', async (request, reply) => {
    const launch = launchOr404(request.params.id, reply);
    if (!launch) return reply;
    const body = tableBetBody.safeParse(request.body);
    if (!body.success || !isTable(launch.gameCode)) return json(reply, 400, { error: 'bad-bet' });
    try {
      // The table's rules check each bet's shape (type, numbers, value) and limits.
      const placed = await tables.bet(launch, body.data.bets as Parameters<Tables['bet']>[1]);
      return json(reply, 200, { ...placed, table: tables.view(launch) });
    } catch (error) {
      return failed(reply, error);
    }
  });

  app.get('/static/play.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await clientBundle()),
  );
  app.get('/static/play.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await clientStyles()),
  );

  app.get<{ Params: { code: string; kind: string } }>('/art/:code/:kind', (request, reply) => {
    const game = games.get(request.params.code);
    const kind = request.params.kind;
    if (!game || (kind !== 'thumb.svg' && kind !== 'background.svg')) return reply.code(404).send();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(kind === 'thumb.svg' ? thumbSvg(game) : backgroundSvg(game));
  });
}
