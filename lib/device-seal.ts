import { z } from 'zod';

/**
 * The device fingerprint sealed for the API (spec section 7: "A fingerprint is computed client-side and
 * encrypted"; issue 20: "encrypted before upload … to the server's public key … the server decrypts
 * it"). ECIES over P-256 with Web Crypto only, so the browser seals and the API (Node's webcrypto) opens
 * with the same code:
 *
 * 1. the browser makes a one-off P-256 key pair and agrees a shared secret (ECDH) with the API's public
 *    key (`GET /api/v2/device/key`, `deviceKeyReply`);
 * 2. HKDF-SHA-256 of that secret (salt: the one-off public key, info: SEAL_INFO) gives an AES-256-GCM key;
 * 3. the fingerprint is encrypted with a random 96-bit IV, the key id as additional data.
 *
 * The upload (`fpp`) is `v1.<kid>.<one-off public key, raw>.<iv>.<ciphertext with tag>`, each part
 * base64url: only the holder of the API's private key reads it, a changed byte fails to open, and two
 * uploads of one fingerprint never look alike (a captured value says nothing and cannot be matched).
 */

/** HKDF info of the sealing key; a new scheme gets a new version and info. */
const SEAL_INFO = 'aurum-fpp-v1';
const VERSION = 'v1';
/** What a fingerprint is once opened: the SHA-256 hex digest lib/fingerprint.ts computes. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/;
/**
 * A sealed fingerprint: the key id (8 bytes), the one-off public key (65 bytes), the IV (12 bytes) and
 * the 64-character fingerprint with its 16-byte tag (80 bytes), each base64url without padding.
 */
export const SEALED_FINGERPRINT_PATTERN =
  /^v1\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{87}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{107}$/;

/** `GET /api/v2/device/key`: the API's public key (a JWK) and its id. */
export const deviceKeyReply = z.object({
  kid: z.string().regex(/^[A-Za-z0-9_-]{11}$/),
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type DeviceKey = z.infer<typeof deviceKeyReply>;

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

function subtle(): SubtleCrypto {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto is unavailable (not a secure context)');
  return crypto.subtle;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The id of a public key: base64url of the first 8 bytes of SHA-256 of its raw (uncompressed) form. */
export async function keyId(rawPublicKey: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', rawPublicKey));
  return toBase64Url(digest.slice(0, 8));
}

async function sealingKey(
  shared: ArrayBuffer,
  oneOffPublic: Uint8Array<ArrayBuffer>,
  usage: 'encrypt' | 'decrypt',
): Promise<CryptoKey> {
  const base = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: oneOffPublic, info: utf8(SEAL_INFO) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Seals a fingerprint to the API's key. Rejects when Web Crypto is unavailable or the key is unusable. */
export async function sealFingerprint(fingerprint: string, key: DeviceKey): Promise<string> {
  const crypto = subtle();
  const serverKey = await crypto.importKey(
    'jwk',
    { kty: key.kty, crv: key.crv, x: key.x, y: key.y, ext: true },
    ECDH,
    false,
    [],
  );
  const oneOff = (await crypto.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const oneOffPublic = new Uint8Array(await crypto.exportKey('raw', oneOff.publicKey));
  const shared = await crypto.deriveBits({ name: 'ECDH', public: serverKey }, oneOff.privateKey, 256);
  const aes = await sealingKey(shared, oneOffPublic, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(key.kid) }, aes, utf8(fingerprint)),
  );
  return [VERSION, key.kid, toBase64Url(oneOffPublic), toBase64Url(iv), toBase64Url(sealed)].join('.');
}

/** The API's side: its private ECDH key and the id of the matching public key. */
export interface OpeningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * Opens a sealed fingerprint: the fingerprint, or null when the value is not a seal of a fingerprint to
 * this key (another format, another key id, a changed byte, a plaintext that is not a fingerprint).
 * Never rejects.
 */
export async function openFingerprint(sealed: string, key: OpeningKey): Promise<string | null> {
  if (!SEALED_FINGERPRINT_PATTERN.test(sealed)) return null;
  const [, kid, oneOffText, ivText, bodyText] = sealed.split('.');
  if (kid !== key.kid) return null;
  try {
    const crypto = subtle();
    const oneOffPublic = fromBase64Url(oneOffText);
    const oneOff = await crypto.importKey('raw', oneOffPublic, ECDH, false, []);
    const shared = await crypto.deriveBits({ name: 'ECDH', public: oneOff }, key.privateKey, 256);
    const aes = await sealingKey(shared, oneOffPublic, 'decrypt');
    const plain = await crypto.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(ivText), additionalData: utf8(kid) },
      aes,
      fromBase64Url(bodyText),
    );
    const fingerprint = new TextDecoder().decode(plain);
    return FINGERPRINT_PATTERN.test(fingerprint) ? fingerprint : null;
  } catch {
    return null;
  }
}
