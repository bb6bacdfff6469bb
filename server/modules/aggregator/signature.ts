/**
 * Which signature the wallet accepts (lib/aggregator/signature.ts makes and checks them): RSA-SHA256 by the
 * aggregator's key when AGGREGATOR_PUBLIC_KEY is set, else HMAC-SHA256 with AGGREGATOR_SECRET; outside
 * production an unset secret is derived from the JWT secret (as the sandbox payment provider's is), so
 * `npm start` works with nothing set. Production without either accepts no call.
 */
import { createPublicKey, hkdfSync } from 'node:crypto';
import { verifyAggregatorHmac, verifyAggregatorRsa } from '@/lib/aggregator/signature';
import type { Config } from '../../config';
import { resolveSecret } from '../auth/secret';

/** The HMAC key of the wallet's calls, or null when none is configured (production). */
export function aggregatorSecret(
  config: Pick<Config, 'aggregator' | 'jwtSecret' | 'nodeEnv' | 'dataDir'>,
): Buffer | null {
  if (config.aggregator.secret) return Buffer.from(config.aggregator.secret, 'utf8');
  if (config.nodeEnv === 'production') return null;
  return Buffer.from(hkdfSync('sha256', resolveSecret(config), 'casino-aggregator', 'wallet:hmac', 32));
}

export type WalletVerifier = (rawBody: Buffer, header: unknown) => boolean;

/** The check of a call's signature header against its raw body, by the configuration; null: none possible. */
export function walletVerifier(
  config: Pick<Config, 'aggregator' | 'jwtSecret' | 'nodeEnv' | 'dataDir'>,
): WalletVerifier | null {
  if (config.aggregator.publicKey) {
    const key = createPublicKey(config.aggregator.publicKey);
    return (rawBody, header) => verifyAggregatorRsa(rawBody, header, key);
  }
  const secret = aggregatorSecret(config);
  if (!secret) return null;
  return (rawBody, header) => verifyAggregatorHmac(rawBody, header, secret);
}
