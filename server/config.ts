import path from 'node:path';
import { z } from 'zod';

/** An unset or empty variable (`FOO=` in an env file) counts as absent and takes its default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const port = z.coerce.number().int().min(0).max(65_535);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));

/**
 * TRUST_PROXY: `true`/`false`, a hop count (`1`), or a comma list of proxy addresses/CIDRs
 * (`127.0.0.1,10.0.0.0/8`). Passed to Fastify's `trustProxy`.
 */
const trustProxy = z.string().transform((raw, ctx): boolean | number | string[] => {
  const value = raw.trim().toLowerCase();
  const flag = booleanFlag.safeParse(value);
  if (flag.success) return flag.data;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length === 0 || !list.every((item) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(item))) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected true, false, a hop count or a comma list of addresses',
    });
    return z.NEVER;
  }
  return list;
});

const origins = z.string().transform((raw, ctx) => {
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return list.map((item) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(item);
    } catch {
      parsed = undefined;
    }
    // Accept a trailing slash (`http://localhost:3000/`), nothing else beyond the origin.
    if (!parsed || parsed.origin === 'null' || !(item === parsed.origin || item === `${parsed.origin}/`)) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://example.com` });
      return item;
    }
    return parsed.origin;
  });
});

const envSchema = z.object({
  /** `development` (default), `production` or `test`. Production hides the /dev and /sandbox helpers. */
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('development')),
  /** Address the API server binds to. Default `127.0.0.1` (loopback); use `0.0.0.0` behind a proxy or in a container. */
  API_HOST: optional(z.string().default('127.0.0.1')),
  /** TCP port of the API server. Default `4000`; `0` picks a free port. */
  API_PORT: optional(port.default(4000)),
  /**
   * PostgreSQL connection string (`postgres://user:pass@host:5432/db`). Unset (default): the server starts an
   * embedded PostgreSQL with its data under DATA_DIR.
   */
  DATABASE_URL: optional(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Directory for local state: the embedded PostgreSQL cluster, its log and credentials. Default `.data`. */
  DATA_DIR: optional(z.string().default('.data')),
  /** Port of the embedded PostgreSQL (loopback only; used only when DATABASE_URL is unset). Default `54329`; `0` picks a free port. */
  EMBEDDED_PG_PORT: optional(port.default(54_329)),
  /** Comma-separated browser origins allowed by CORS (with credentials). Default `http://localhost:3000,http://127.0.0.1:3000`. */
  WEB_ORIGINS: optional(origins.default(['http://localhost:3000', 'http://127.0.0.1:3000'])),
  /**
   * Request header carrying the visitor's ISO country code, set by the CDN or proxy in front of the API.
   * Default `cf-ipcountry` (Cloudflare). Only trust it when such a proxy overwrites it.
   */
  GEO_COUNTRY_HEADER: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')
      .transform((v) => v.toLowerCase())
      .default('cf-ipcountry'),
  ),
  /** Country code assumed when the geo header is absent or invalid, e.g. `RU`. Default empty: country_code is null. */
  GEO_DEFAULT_COUNTRY: optional(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  /**
   * Whether to trust X-Forwarded-* headers for the client IP: `true` (default), `false`, a hop count, or a
   * comma list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: optional(trustProxy.default(true)),
  /** Log level: fatal, error, warn, info (default), debug, trace or silent. */
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  apiHost: string;
  apiPort: number;
  /** Undefined → embedded PostgreSQL. */
  databaseUrl: string | undefined;
  /** Absolute path. */
  dataDir: string;
  embeddedPgPort: number;
  webOrigins: string[];
  /** Lower-case header name. */
  geoCountryHeader: string;
  /** Upper-case ISO code or null. */
  geoDefaultCountry: string | null;
  trustProxy: boolean | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the server's settings from environment variables; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    apiHost: e.API_HOST,
    apiPort: e.API_PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    webOrigins: e.WEB_ORIGINS,
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    geoDefaultCountry: e.GEO_DEFAULT_COUNTRY ?? null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
