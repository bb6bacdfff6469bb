/**
 * Geo-blocking of the calls that matter (DESIGN.md, "Conventions of the API"): a route that creates an
 * account, logs in, moves money or places a bet declares `config: { geoGuard: true }`, and a visitor whose
 * country (the same source as `GET /geo_ip`: GEO_COUNTRY_HEADER, else GEO_DEFAULT_COUNTRY) is blocked
 * gets 451 `{ message }` before anything else runs. Payment webhooks never opt in: the provider is not
 * the visitor.
 *
 * Bets are a hot path, so the blocked list is read from PostgreSQL at most once per
 * BLOCKED_COUNTRIES_TTL_MS per API process (one query for the whole, small list; concurrent requests
 * share it). A block or unblock by `npm run admin -- geo ...` therefore takes effect within that time.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { countryFromHeader } from '../../lib/region';
import { listBlockedCountries } from './repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer 451 to visitors from a blocked country (server/modules/geo/guard.ts). */
    geoGuard?: boolean;
  }
}

export const BLOCKED_COUNTRIES_TTL_MS = 5_000;

export const GEO_BLOCKED_MESSAGE = 'This service is not available in your country.';

export interface BlockedCountries {
  /** Whether the country is blocked, by a list at most `ttlMs` old. */
  has(countryCode: string): Promise<boolean>;
}

/** The blocked list, reloaded when older than `ttlMs` by `clock`; one load at a time. */
export function blockedCountriesCache(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  ttlMs = BLOCKED_COUNTRIES_TTL_MS,
): BlockedCountries {
  let cached: { loadedAt: number; codes: Set<string> } | undefined;
  let loading: Promise<Set<string>> | undefined;
  const load = () =>
    (loading ??= (async () => {
      try {
        const loadedAt = clock().getTime();
        const codes = new Set((await listBlockedCountries(db)).map((row) => row.countryCode));
        cached = { loadedAt, codes };
        return codes;
      } finally {
        loading = undefined;
      }
    })());
  return {
    async has(countryCode) {
      const fresh = cached && clock().getTime() - cached.loadedAt < ttlMs ? cached.codes : await load();
      return fresh.has(countryCode);
    },
  };
}

/** Registered once in app.ts, before the route modules, so that its onRoute hook sees every route. */
export const geoGuardPlugin = fp<Pick<AppContext, 'db' | 'clock' | 'config'>>(
  async (app: FastifyInstance, ctx) => {
    const blocked = blockedCountriesCache(ctx);
    const guard: onRequestHookHandler = async (request: FastifyRequest) => {
      const country = countryFromHeader(
        request.headers[ctx.config.geoCountryHeader],
        ctx.config.geoDefaultCountry,
      );
      if (country !== null && (await blocked.has(country))) throw new HttpError(451, GEO_BLOCKED_MESSAGE);
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.geoGuard) return;
      const existing = route.onRequest;
      route.onRequest = [guard, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    });
  },
  { name: 'geo-guard', fastify: '5.x' },
);
