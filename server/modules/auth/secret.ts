/**
 * The key material behind access tokens, social log-in states and one-time code hashes.
 *
 * - JWT_SECRET set (required in production): used as is.
 * - development: a random 256-bit secret created once in DATA_DIR/jwt-secret (mode 0600) and read on every
 *   start, so sessions survive restarts and instances sharing DATA_DIR agree. Instances with different
 *   DATA_DIRs (e.g. on several hosts) must set JWT_SECRET.
 * - test: random per process; nothing is written.
 *
 * Each purpose gets its own key derived with HKDF, so a token of one kind never verifies as another.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

export interface AuthKeys {
  /** HS256 key of access tokens. */
  accessToken: Uint8Array;
  /** HS256 key of social log-in states. */
  socialState: Uint8Array;
  /** HMAC key of one-time code hashes. */
  oneTimeCode: Uint8Array;
  /** Seed of the P-256 key that opens sealed device fingerprints (server/modules/devices/keys.ts). */
  deviceSeal: Uint8Array;
}

export const SECRET_FILE_NAME = 'jwt-secret';

let testSecret: Buffer | undefined;

export function resolveSecret(config: Pick<Config, 'jwtSecret' | 'nodeEnv' | 'dataDir'>): Buffer {
  if (config.jwtSecret) return Buffer.from(config.jwtSecret, 'utf8');
  if (config.nodeEnv === 'production') throw new Error('JWT_SECRET is required in production');
  if (config.nodeEnv === 'test') return (testSecret ??= randomBytes(32));
  return persistedSecret(path.join(config.dataDir, SECRET_FILE_NAME));
}

function persistedSecret(file: string): Buffer {
  try {
    return readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecretFile(file);
}

function readSecretFile(file: string): Buffer {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} holds no usable secret; delete it to make a new one`);
  return Buffer.from(text, 'utf8');
}

export function deriveKeys(secret: Buffer): AuthKeys {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', secret, 'casino-auth', info, 32));
  return {
    accessToken: derive('access-token'),
    socialState: derive('social-state'),
    oneTimeCode: derive('one-time-code'),
    deviceSeal: derive('device-seal'),
  };
}
