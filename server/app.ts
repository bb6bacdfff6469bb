import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { HttpError, TooManyRequestsError, UnauthorizedError, ValidationError } from './lib/errors';
import { databaseFailureKind } from './lib/db-errors';
import { fieldErrorsMessage } from './lib/field-errors';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from './lib/zod-fastify';
import { systemClock, type Clock } from './lib/clock';
import { hcaptchaVerifier, type CaptchaVerifier } from './modules/auth/captcha';
import { passwordRoutes } from './modules/auth/password-routes';
import { profileUserRoutes } from './modules/auth/profile-routes';
import { authRoutes } from './modules/auth/routes';
import { deriveKeys, resolveSecret } from './modules/auth/secret';
import { authenticate, cachedTokenVerifier } from './modules/auth/tokens';
import { sandboxSocialRoutes, socialRoutes } from './modules/auth/social-routes';
import { geoGuardPlugin } from './modules/geo/guard';
import { requestContextPlugin } from './plugins/request-context';
import { geoRoutes } from './modules/geo/routes';
import { deviceRoutes } from './modules/devices/routes';
import { healthRoutes } from './modules/health/routes';
import { devOutboxRoutes } from './modules/outbox/routes';
import { OutboxDelivery, registerOutboxDelivery } from './modules/outbox/delivery';
import type { Senders } from './modules/outbox/senders';
import { sendersFromConfig } from './modules/outbox/transports';
import { profileRoutes } from './modules/users/routes';
import { findUserById } from './modules/users/service';
import { vipRoutes } from './modules/vip/routes';
import { vipConsumer } from './modules/vip/service';
import {
  ActivityProcessor,
  DEFAULT_ACTIVITY_SETTINGS,
  type ActivitySettings,
} from './modules/activity/processor';
import { promotionRoutes } from './modules/promotions/routes';
import { topRoutes } from './modules/top/routes';
import { topChanges } from './modules/top/changes';
import { tournamentRoutes } from './modules/tournaments/routes';
import {
  DEFAULT_TOURNAMENT_SETTINGS,
  TournamentsRuntime,
  type TournamentSettings,
} from './modules/tournaments/runtime';
import { pointsConsumer } from './modules/tournaments/service';
import { billingRoutes, sandboxBillingRoutes } from './modules/billing/routes';
import { payoutRoutes, sandboxPayoutRoutes } from './modules/payouts/routes';
import { protectionRoutes } from './modules/protection/routes';
import { paymentProviders } from './modules/billing/providers';
import {
  CRASH_LEASE_KEY,
  CrashEngine,
  DEFAULT_CRASH_SETTINGS,
  type CrashSettings,
} from './modules/crash/engine';
import { FEED_TOPIC } from '@/lib/contracts/feed';
import { unitsPerMinor } from '@/lib/contracts/aggregator';
import { crashRoutes } from './modules/crash/routes';
import { DEFAULT_ROOMS_SETTINGS, RoomsRuntime, type RoomsSettings } from './modules/rooms/runtime';
import { roomsRoutes } from './modules/rooms/routes';
import type { OddsFeed } from './modules/sports/feed/model';
import { createFeed } from './modules/sports/feeds';
import { sportsRoutes } from './modules/sports/routes';
import {
  DEFAULT_SPORTS_SETTINGS,
  SPORTS_FEED_LEASE_KEY,
  SportsRuntime,
  type SportsSettings,
} from './modules/sports/runtime';
import { sportsSandboxRoutes } from './modules/sports/sandbox-routes';
import { BetFeed } from './modules/feed/feed';
import { MemoryBus, type RealtimeBus } from './realtime/bus';
import { RedisLease } from './realtime/lease';
import { RedisBus } from './realtime/redis-bus';
import { realtimeRoutes } from './realtime/routes';
import { SocketHub } from './realtime/socket';
import { TopicRegistry } from './realtime/topics';
import websocket from '@fastify/websocket';
import { bonusRoutes } from './modules/bonuses/routes';
import { sandboxWalletRoutes, walletRoutes } from './modules/wallet/routes';
import { fairRoutes } from './modules/fair/routes';
import { gameRoutes } from './modules/games/routes';
import { routeCollector } from './modules/openapi/document';
import { openApiRoutes } from './modules/openapi/routes';
import { trafficRoutes } from './modules/traffic/routes';
import { supportRoutes } from './modules/support/routes';
import { aggregatorRoutes } from './modules/aggregator/routes';
import { aggregatorSecret } from './modules/aggregator/signature';
import { aggregatorClient, type AggregatorClient } from './modules/casino/aggregator-client';
import { casinoJobs } from './modules/casino/jobs';
import { casinoRoutes } from './modules/casino/routes';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** A pino logger to share (main passes the one the embedded database logs to); `false` silences; default: a new one at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
  /** Default: the system clock. Tests pass a manual one. */
  clock?: Clock;
  /**
   * E-mail and SMS delivery. Default: SMTP and the SMS provider when configured (config.messaging), else
   * outbox only (messages stay queued in `outbox_messages`). The delivery job polls outside NODE_ENV=test.
   */
  senders?: Senders;
  /** hCaptcha verification. Default: hCaptcha's siteverify when HCAPTCHA_SECRET is set, else none. */
  captcha?: CaptchaVerifier | null;
  /** The crash round engine's timings (tests shorten them); `false`: no engine. Default: CRASH_ENGINE. */
  crash?: Partial<CrashSettings> | false;
  /** The rooms' timings (tests shorten them or draw by hand). Default: ROOMS_COUNTDOWN_MS, a 1 s settle job. */
  rooms?: Partial<RoomsSettings>;
  /**
   * The realtime events' bus. Default: Redis when REDIS_URL is set (and then the crash clock's lease),
   * else this process's memory. The app closes it when it closes.
   */
  bus?: RealtimeBus;
  /**
   * The casino's background work (catalogue sync while empty, free rounds to the aggregator;
   * casino/jobs.ts). Default: on, except under NODE_ENV=test.
   */
  casinoJobs?: boolean;
  /**
   * The sportsbook: its odds feed (default: SPORTS_FEED's, none under NODE_ENV=test; `null`: none) and its
   * settle job's timing (the catch-up pass: on, except under NODE_ENV=test).
   */
  sports?: { feed?: OddsFeed | null; feedPrefix?: string | null; settings?: Partial<SportsSettings> };
  /**
   * Tournaments, the VIP club and the top (issue 19): the settled-bet processor's and the tournaments'
   * finishing job's timings. Both run by themselves except under NODE_ENV=test (tests drive them).
   */
  rewards?: { activity?: Partial<ActivitySettings>; tournaments?: Partial<TournamentSettings> };
}

export const BODY_LIMIT_BYTES = 100 * 1024;

const crashEngines = new WeakMap<object, CrashEngine>();
/** The crash round engine an app runs, if any (tests drive and inspect it). */
export const crashEngineOf = (app: object): CrashEngine | undefined => crashEngines.get(app);

const roomsRuntimes = new WeakMap<object, RoomsRuntime>();
/** The rooms an app runs (tests drive their draws). */
export const roomsOf = (app: object): RoomsRuntime | undefined => roomsRuntimes.get(app);

const rewardRuntimes = new WeakMap<
  object,
  { activity: ActivityProcessor; tournaments: TournamentsRuntime }
>();
/** The settled-bet processor and the tournaments' runtime of an app (tests drive them). */
export const rewardsOf = (app: object) => rewardRuntimes.get(app);

const sportsRuntimes = new WeakMap<object, SportsRuntime>();
/** The sportsbook an app runs (tests feed it and drive its settlement). */
export const sportsOf = (app: object): SportsRuntime | undefined => sportsRuntimes.get(app);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the API server without listening; `main.ts` listens, tests use `app.inject`. */
export function buildApp({
  db,
  config,
  logger,
  clock,
  senders,
  captcha,
  crash,
  rooms,
  bus,
  casinoJobs: runCasinoJobs,
  sports,
  rewards,
}: BuildAppOptions): App {
  const app = Fastify({
    loggerInstance: logger || pino({ level: logger === false ? 'silent' : config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 60_000,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not Found' }));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Security headers on every answer, CORS preflights included (so registered before cors). The API answers
  // JSON, so its policy forbids everything; the few HTML pages of the sandbox providers (outside
  // production) set their own (server/lib/html-page.ts).
  void app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    },
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });

  void app.register(cors, {
    origin: config.webOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Region', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });

  // With REDIS_URL the processes share events (and the crash clock's lease) through Redis.
  const redisBus = !bus && config.redisUrl ? new RedisBus(config.redisUrl, app.log) : null;
  if (redisBus) app.log.info('realtime: events and the crash lease through Redis (REDIS_URL)');
  const realtimeBus =
    bus ?? redisBus ?? new MemoryBus((error) => app.log.warn({ err: error }, 'realtime: a listener failed'));
  const topics = new TopicRegistry();
  const hub = new SocketHub(realtimeBus, topics, app.log);
  app.addHook('onClose', async () => {
    hub.close();
    await realtimeBus.close();
  });
  const feed = new BetFeed({ db, bus: realtimeBus, log: app.log });
  topics.provide(FEED_TOPIC, (topic) => (topic === FEED_TOPIC ? feed.snapshot() : null));
  app.addHook('onReady', async () => {
    await feed.start();
  });
  app.addHook('onClose', async () => {
    await feed.stop();
  });
  // The outbox's delivery job (outbox/delivery.ts): woken by the changes that queue messages, and polling
  // for retries and other processes' messages (not under NODE_ENV=test, whose tests drive it).
  const messageSenders = senders ?? sendersFromConfig(config, app.log);
  const delivery = new OutboxDelivery({
    db,
    senders: messageSenders,
    log: app.log,
    clock: clock ?? systemClock,
  });
  registerOutboxDelivery(app, delivery);
  app.addHook('onReady', async () => {
    if (config.nodeEnv !== 'test') delivery.start();
  });
  app.addHook('onClose', async () => {
    await delivery.stop();
    await Promise.all([messageSenders.email.close?.(), messageSenders.sms.close?.()]);
  });
  const context: AppContext = {
    db,
    realtime: { bus: realtimeBus, topics, hub },
    feed,
    config,
    clock: clock ?? systemClock,
    keys: deriveKeys(resolveSecret(config)),
    outbox: delivery,
    captcha:
      captcha !== undefined
        ? captcha
        : config.hcaptchaSecret
          ? hcaptchaVerifier({
              secret: config.hcaptchaSecret,
              sitekey: config.hcaptchaSitekey,
              verifyUrl: config.hcaptchaVerifyUrl,
            })
          : null,
  };
  // Every route is recorded for the OpenAPI document (GET /openapi.json).
  const collector = routeCollector();
  app.addHook('onRoute', collector.onRoute);
  // Routes with `config: { geoGuard: true }` answer 451 to visitors from a blocked country.
  void app.register(geoGuardPlugin, context);
  // request.locale, request.region, and request.session for routes with `config: { auth }`.
  const verifyToken = cachedTokenVerifier(context.keys.accessToken);
  void app.register(requestContextPlugin, {
    config,
    authenticate: (token) => authenticate(db, context.keys.accessToken, token, context.clock()),
    verifyToken: async (token) => {
      const claims = token ? await verifyToken(token, context.clock()) : null;
      if (!claims) throw new UnauthorizedError();
      return claims;
    },
    loadUser: (userId) => findUserById(db, userId),
  });
  void app.register(healthRoutes, context);
  void app.register(geoRoutes, context);
  void app.register(authRoutes, context);
  void app.register(deviceRoutes, context);
  void app.register(passwordRoutes, context);
  void app.register(socialRoutes, context);
  void app.register(profileUserRoutes, context);
  void app.register(profileRoutes, context);
  void app.register(vipRoutes, context);
  const providers = paymentProviders(config);
  void app.register(billingRoutes, { ...context, providers });
  void app.register(payoutRoutes, { ...context, providers });
  void app.register(protectionRoutes, context);
  void app.register(walletRoutes, context);
  void app.register(bonusRoutes, context);
  void app.register(fairRoutes, context);
  // The crash rounds (crash/engine.ts), started once the app is ready: their clock runs here, or with
  // REDIS_URL in whichever process holds the lease.
  const engine =
    crash === false || (crash === undefined && !config.crashEngine)
      ? null
      : new CrashEngine(
          {
            db,
            clock: context.clock,
            log: app.log,
            bus: realtimeBus,
            feed,
            lease: redisBus ? new RedisLease(redisBus.client, { key: CRASH_LEASE_KEY, log: app.log }) : null,
          },
          { ...DEFAULT_CRASH_SETTINGS, ...config.crashTimings, ...(crash || {}) },
        );
  if (engine) {
    crashEngines.set(app, engine);
    app.addHook('onReady', async () => {
      await engine.start();
    });
    // onClose hooks run last registered first: the engine stops (and gives its lease back) before the bus
    // closes.
    app.addHook('onClose', async () => {
      await engine.stop();
    });
  }
  void app.register(websocket, { options: { maxPayload: 4 * 1024 } });
  void app.register(realtimeRoutes, context);
  void app.register(crashRoutes, { ...context, engine });
  // The rooms: any number of processes take stakes; each one's settle job draws due rounds (rooms/runtime.ts).
  const roomsRuntime = new RoomsRuntime(
    { db, clock: context.clock, log: app.log, bus: realtimeBus, feed },
    { ...DEFAULT_ROOMS_SETTINGS, countdownMs: config.roomsCountdownMs, ...rooms },
  );
  roomsRuntimes.set(app, roomsRuntime);
  app.addHook('onReady', async () => roomsRuntime.start());
  app.addHook('onClose', async () => roomsRuntime.stop());
  void app.register(roomsRoutes, { ...context, rooms: roomsRuntime });
  // The sportsbook (issue 18): the odds feed in one process (with REDIS_URL the lease's holder), settlement
  // in every one (sports/runtime.ts).
  const configured =
    sports && 'feed' in sports
      ? sports.feed
        ? { feed: sports.feed, prefix: sports.feedPrefix ?? null }
        : null
      : config.nodeEnv === 'test'
        ? null
        : createFeed(config.sportsFeed, app.log);
  const sportsRuntime = new SportsRuntime(
    {
      db,
      clock: context.clock,
      log: app.log,
      bus: realtimeBus,
      feed: configured?.feed ?? null,
      feedPrefix: configured?.prefix ?? null,
      lease:
        configured && redisBus
          ? new RedisLease(redisBus.client, { key: SPORTS_FEED_LEASE_KEY, log: app.log })
          : null,
    },
    // Its catch-up pass stays off under NODE_ENV=test unless a test asks: beside other tests' calls it
    // would only add queries (bet-statement.test.ts counts a bet's connections).
    { ...DEFAULT_SPORTS_SETTINGS, autoSettle: config.nodeEnv !== 'test', ...sports?.settings },
  );
  sportsRuntimes.set(app, sportsRuntime);
  app.addHook('onReady', async () => sportsRuntime.start());
  app.addHook('onClose', async () => sportsRuntime.stop());
  void app.register(sportsRoutes, { ...context, sports: sportsRuntime });
  void app.register(gameRoutes, context);
  // Tournaments, the VIP club, the top and the home lobby (issue 19): every settled bet is recorded in the
  // activity stream by its game; one processor at a time (any process) counts it once (activity/processor.ts).
  const background = config.nodeEnv !== 'test';
  const activity = new ActivityProcessor(
    { db, clock: context.clock, log: app.log },
    { ...DEFAULT_ACTIVITY_SETTINGS, auto: background, ...rewards?.activity },
  );
  const tournamentsRuntime = new TournamentsRuntime(
    { db, clock: context.clock, log: app.log, bus: realtimeBus },
    { ...DEFAULT_TOURNAMENT_SETTINGS, auto: background, ...rewards?.tournaments },
  );
  activity.use(vipConsumer);
  activity.use(pointsConsumer((ids) => tournamentsRuntime.changed(ids)));
  activity.use(topChanges(realtimeBus));
  rewardRuntimes.set(app, { activity, tournaments: tournamentsRuntime });
  app.addHook('onReady', async () => {
    activity.start();
    tournamentsRuntime.start();
  });
  app.addHook('onClose', async () => {
    await activity.stop();
    await tournamentsRuntime.stop();
  });
  void app.register(tournamentRoutes, { ...context, tournaments: tournamentsRuntime });
  void app.register(topRoutes, context);
  void app.register(promotionRoutes, context);
  // The game aggregator's seamless-wallet calls (signed; not the player's: never geo-guarded).
  void app.register(aggregatorRoutes, context);
  // The provider lobbies: the aggregator's catalogue, launches, live tables (its Games API at STUDIO_URL).
  const aggregator: AggregatorClient = aggregatorClient({
    baseUrl: config.aggregator.studioUrl,
    operatorId: config.aggregator.operatorId,
    secret: aggregatorSecret(config),
  });
  void app.register(casinoRoutes, { ...context, aggregator });
  const perMinor = unitsPerMinor(config.aggregator.unitsPerMajor);
  if ((runCasinoJobs ?? config.nodeEnv !== 'test') && perMinor !== null) {
    const jobs = casinoJobs({
      db,
      client: aggregator,
      clock: context.clock,
      log: app.log,
      unitsPerMinor: perMinor,
    });
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }
  void app.register(trafficRoutes, context);
  void app.register(supportRoutes, context);
  void app.register(openApiRoutes, { routes: collector.routes });
  if (config.nodeEnv !== 'production') {
    // Helpers for testers and e2e tests; absent in production (DESIGN.md).
    void app.register(devOutboxRoutes, context);
    void app.register(sandboxSocialRoutes, context);
    void app.register(sandboxBillingRoutes, { ...context, providers });
    void app.register(sandboxPayoutRoutes, { ...context, providers });
    void app.register(sandboxWalletRoutes, context);
    void app.register(sportsSandboxRoutes, { ...context, sports: sportsRuntime });
  }

  return app;
}

/** Fastify takes a hop count at runtime but its types do not; the equivalent function is typed. */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

const UNREADABLE_JSON_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * One error format for the whole API: 422 `{ message, errors }` for validation failures, `{ message }`
 * for other client errors, and a bare 500 that leaks nothing (the error is logged with the request id).
 */
function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof ValidationError) {
    request.log.debug({ errors: error.errors }, 'validation failed');
    return reply.code(422).send({ message: error.message, errors: error.errors });
  }
  if (error instanceof TooManyRequestsError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
  }
  const databaseFailure = databaseFailureKind(error);
  if (databaseFailure) {
    // The database is unreachable, stalled or overloaded (server/lib/db-errors.ts): a fast, retryable 503.
    request.log.warn(
      { err: error },
      databaseFailure === 'busy'
        ? 'answered 503: database busy'
        : 'answered 503: database or network unreachable',
    );
    reply.header('retry-after', databaseFailure === 'busy' ? '1' : '5');
    return reply.code(503).send({ message: STATUS_CODES[503] ?? 'Service Unavailable' });
  }
  if ('code' in error && typeof error.code === 'string' && UNREADABLE_JSON_BODY.has(error.code)) {
    // A body that is not JSON (a bare NaN or Infinity, a cut-off request) is bad input like any other:
    // the spec's 422 format, so the web app shows it as one validation notification.
    request.log.debug({ err: error }, 'unreadable JSON body');
    const errors = { body: ['invalid_json: The request body is not valid JSON.'] };
    return reply.code(422).send({ message: fieldErrorsMessage(errors), errors });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit).
    request.log.debug({ err: error }, 'client error');
    return reply.code(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  const code = status >= 500 && status < 600 ? status : 500;
  return reply.code(code).send({ message: STATUS_CODES[code] ?? 'Internal Server Error' });
}
