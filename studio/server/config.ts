/**
 * The studio server's configuration, from the environment (validated with zod, so a wrong value stops the
 * process at start with the variable's name). The studio is a third-party provider: its only link to the
 * product is the operator's wallet URL and the shared HMAC secret, both set here.
 */
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const ms = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const schema = z.object({
  STUDIO_HOST: z.string().min(1).default('127.0.0.1'),
  STUDIO_PORT: port.default(4100),
  STUDIO_PUBLIC_URL: z.string().url().optional(),
  STUDIO_WALLET_URL: z.string().url().default('http://127.0.0.1:4000/aggregator'),
  AGGREGATOR_SECRET: z.string().min(32, 'AGGREGATOR_SECRET must be at least 32 characters'),
  STUDIO_OPERATOR_ID: z.coerce.number().int().min(0).default(1),
  STUDIO_DATA_DIR: z.string().min(1).default('.data/studio'),
  STUDIO_WALLET_TIMEOUT_MS: ms(3_000),
  STUDIO_TABLE_BETTING_MS: ms(15_000),
  STUDIO_TABLE_RESULT_MS: ms(5_000),
});

export interface StudioConfig {
  host: string;
  port: number;
  /** The studio's address as browsers reach it (game URLs and art), without a trailing slash. */
  publicUrl: string;
  /** The operator's wallet base (`${walletUrl}/transaction/bet` …), without a trailing slash. */
  walletUrl: string;
  secret: string;
  operatorId: number;
  dataDir: string;
  walletTimeoutMs: number;
  tableBettingMs: number;
  tableResultMs: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function loadStudioConfig(env: Record<string, string | undefined> = process.env): StudioConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`studio configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  return {
    host: value.STUDIO_HOST,
    port: value.STUDIO_PORT,
    publicUrl: trimSlash(value.STUDIO_PUBLIC_URL ?? `http://localhost:${value.STUDIO_PORT}`),
    walletUrl: trimSlash(value.STUDIO_WALLET_URL),
    secret: value.AGGREGATOR_SECRET,
    operatorId: value.STUDIO_OPERATOR_ID,
    dataDir: value.STUDIO_DATA_DIR,
    walletTimeoutMs: value.STUDIO_WALLET_TIMEOUT_MS,
    tableBettingMs: value.STUDIO_TABLE_BETTING_MS,
    tableResultMs: value.STUDIO_TABLE_RESULT_MS,
  };
}
