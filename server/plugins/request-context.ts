/**
 * What every route needs about its request, written once (STYLE.md "Server"; the shape of
 * delvedor/fastify-example's plugins: `fastify-plugin` + `decorateRequest`). Registered once in app.ts,
 * before the route modules, so that its hooks see every route.
 *
 * API for route modules:
 *
 * - `request.locale: MessageLocale | null` — the highest-weighted of ru/en/kz in `Accept-Language`
 *   (`kk`/`kz` → `kz`), null when it names none. Each use picks its fallback: e-mails and SMS
 *   `request.locale ?? DEFAULT_MESSAGE_LOCALE` (ru), content texts `request.locale ?? 'en'`.
 * - `request.region: Region` — `KZ` or `RU` from the CDN geo header (GEO_COUNTRY_HEADER, else
 *   GEO_DEFAULT_COUNTRY), as `GET /geo_ip` computes it.
 * - The session, declared in the route's config:
 *     `config: { auth: 'required' }` → a valid bearer token of a live token family, else 401; checked
 *       first among the route's preHandlers (after body validation, before rate limits).
 *     `config: { auth: 'optional' }` → no bearer token: a guest (`request.session === null`);
 *       a token that does not authenticate (malformed, expired, revoked): 401, so the web app refreshes it
 *       and asks again instead of silently treating a signed-in player as a guest; a database failure
 *       propagates (503 from the error handler), never a guest.
 *     `config: { auth: 'guest' }` → for public calls that only tailor their answer to a signed-in caller
 *       (bonus offers, cases, limits, attribution reports): a token that does not authenticate makes a
 *       guest (`request.session === null`) instead of a 401; a database failure still propagates.
 *     `config: { auth: 'token' }` → for the hottest calls (the instant bets): a valid, unexpired bearer
 *       token (signature and expiry, verified once per token and process), else 401, in `request.claims`;
 *       `request.session` stays null. Whether the token's family is still live is NOT checked here: the
 *       route must check it in the very statement that acts (games/bet-statement.ts does) or call
 *       `await request.liveSession()` (the check of `required`, 401 when revoked) before anything else.
 *   Then read `request.session` (`RequestSession | null`: auth's `AuthSession`) or `requireSession(request)` (the session, else
 *   401: for `auth: 'required'` routes).
 * - `await request.currentUser()` — the user row of `request.session` (loaded once per request), else 401
 *   (no session, or the user is gone). On optional/guest routes: `request.session ? await
 *   request.currentUser() : null`.
 * - `noStore`: an onRequest hook that marks answers `Cache-Control: no-store` — a module whose answers
 *   carry tokens or personal data adds it to all its routes with `app.addHook('onRequest', noStore)`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { UnauthorizedError } from '../lib/errors';
import { requestedLocale, type MessageLocale } from '../lib/locale';
import { regionOfRequest, type Region } from '../lib/region';

export type AuthMode = 'required' | 'optional' | 'guest' | 'token';

/** What a bearer token says, verified (signature and expiry) but not checked against its family. */
export interface RequestClaims {
  userId: number;
  familyId: string;
}

/**
 * The signed-in caller. Its fields come from the auth module (modules/auth/tokens.ts merges `AuthSession`
 * into it), so this plugin depends on no module: app.ts hands it auth's token check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RequestSession {}

/** The signed-in caller's user row (modules/users/service.ts merges `UserRow` into it). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RequestUser {}

export interface RequestContextOptions {
  config: Pick<Config, 'geoCountryHeader' | 'geoDefaultCountry'>;
  /** The session behind a bearer token, else UnauthorizedError (auth's `authenticate`). */
  authenticate(token: string | undefined): Promise<RequestSession>;
  /** Signature and expiry of a bearer token (remembered per token), else UnauthorizedError. */
  verifyToken(token: string | undefined): Promise<RequestClaims>;
  /** The user of a session, undefined when there is none (users' `findUserById`). */
  loadUser(userId: number): Promise<RequestUser | undefined>;
}

/** `Authorization: Bearer <token>` → the token. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route needs a session (server/plugins/request-context.ts). */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** ru/en/kz from Accept-Language, null when it names none of them. */
    locale: MessageLocale | null;
    /** KZ or RU from the CDN geo header. */
    region: Region;
    /** The bearer session of an `auth` route; null for a guest or a route without `auth`. */
    session: RequestSession | null;
    /** The verified claims of the bearer token of an `auth: 'token'` route (else null). */
    claims: RequestClaims | null;
    /** For `auth: 'token'` routes: checks the token's family now (401 when revoked), sets `session`. */
    liveSession(): Promise<RequestSession>;
    /** The user row of `request.session`, loaded once; 401 without a session or when the user is gone. */
    currentUser(): Promise<RequestUser>;
  }
}

/** The session of an `auth: 'required'` route (or a signed-in caller of an optional one), else 401. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}

/** Answers that carry tokens or personal data: never cached. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

export const requestContextPlugin = fp<RequestContextOptions>(
  async (app: FastifyInstance, ctx) => {
    app.decorateRequest('locale', null);
    app.decorateRequest('region', 'RU');
    app.decorateRequest('session', null);
    app.decorateRequest('claims', null);
    app.decorateRequest('liveSession', async function liveSession(this: FastifyRequest) {
      this.session ??= await ctx.authenticate(bearerToken(this.headers.authorization));
      return this.session;
    });
    const users = new WeakMap<FastifyRequest, Promise<RequestUser | undefined>>();
    app.decorateRequest('currentUser', async function currentUser(this: FastifyRequest) {
      const session = requireSession(this);
      let user = users.get(this);
      if (!user) {
        user = ctx.loadUser((session as { userId: number }).userId);
        users.set(this, user);
      }
      const row = await user;
      if (!row) throw new UnauthorizedError();
      return row;
    });

    app.addHook('onRequest', async (request) => {
      request.locale = requestedLocale(request.headers['accept-language']);
      request.region = regionOfRequest(request.headers, ctx.config);
    });

    const required: preHandlerHookHandler = async (request) => {
      request.session = await ctx.authenticate(bearerToken(request.headers.authorization));
    };
    const optional: preHandlerHookHandler = async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return;
      request.session = await ctx.authenticate(token);
    };
    const guest: preHandlerHookHandler = async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return;
      try {
        request.session = await ctx.authenticate(token);
      } catch (error) {
        if (!(error instanceof UnauthorizedError)) throw error;
      }
    };
    const token: preHandlerHookHandler = async (request) => {
      request.claims = await ctx.verifyToken(bearerToken(request.headers.authorization));
    };
    const handlers: Record<AuthMode, preHandlerHookHandler> = { required, optional, guest, token };
    app.addHook('onRoute', (route) => {
      const mode = route.config?.auth;
      if (!mode) return;
      const existing = route.preHandler;
      route.preHandler = [
        handlers[mode],
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
      ];
    });
  },
  { name: 'request-context', fastify: '5.x' },
);
