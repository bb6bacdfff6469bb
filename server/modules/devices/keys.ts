/**
 * The API's key for sealed device fingerprints (lib/device-seal.ts): a P-256 key pair derived from the
 * `deviceSeal` seed of the auth keys (HKDF of JWT_SECRET, server/modules/auth/secret.ts). Every instance
 * sharing the secret has the same pair, nothing new to configure or store; a new JWT_SECRET gives a new
 * pair (uploads sealed to the old key then no longer open and count as unreadable).
 */
import { createECDH } from 'node:crypto';
import { keyId, toBase64Url, type DeviceKey, type OpeningKey } from '@/lib/device-seal';

/** The order n of P-256's base point. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export interface DeviceKeyPair {
  /** What `GET /api/v2/device/key` publishes. */
  publicKey: DeviceKey;
  opening: OpeningKey;
}

const pairs = new WeakMap<Uint8Array, Promise<DeviceKeyPair>>();

/** The pair of a 32-byte seed (computed once per seed). */
export function deviceKeyPair(seed: Uint8Array): Promise<DeviceKeyPair> {
  let pair = pairs.get(seed);
  if (!pair) {
    pair = derive(seed);
    pairs.set(seed, pair);
  }
  return pair;
}

async function derive(seed: Uint8Array): Promise<DeviceKeyPair> {
  // A private scalar in [1, n - 1]: the seed reduced modulo n - 1, plus one (uniform enough for 256 bits).
  const scalar = (BigInt(`0x${Buffer.from(seed).toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const d = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const raw = new Uint8Array(ecdh.getPublicKey()); // 0x04 || x || y
  const x = toBase64Url(raw.subarray(1, 33));
  const y = toBase64Url(raw.subarray(33, 65));
  const kid = await keyId(raw);
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x, y, d: toBase64Url(new Uint8Array(d)), ext: false },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  return { publicKey: { kid, kty: 'EC', crv: 'P-256', x, y }, opening: { kid, privateKey } };
}
