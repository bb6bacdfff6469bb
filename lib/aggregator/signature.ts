/**
 * Signatures of the aggregator wallet's calls (lib/contracts/aggregator.ts). Node only (node:crypto): the
 * API server checks them, the game studio's process and the tests make them; the browser never loads this.
 *
 * The signature travels base64 in `X-Hub88-Signature` and covers the raw request body, byte for byte:
 * - by default HMAC-SHA256 with the shared secret (AGGREGATOR_SECRET);
 * - RSA-SHA256 (PKCS#1 v1.5), as Hub88 signs, when the operator configured the aggregator's public key
 *   (AGGREGATOR_PUBLIC_KEY); the aggregator signs with its private key.
 */
import { createHmac, createSign, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';

type Body = string | Buffer;

const bytes = (body: Body): Buffer => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

/** HMAC-SHA256 of the body with the shared secret, base64: the header value of a signed call. */
export function signAggregatorRequest(body: Body, secret: string | Buffer): string {
  return createHmac('sha256', secret).update(bytes(body)).digest('base64');
}

/** RSA-SHA256 of the body with the aggregator's private key (PEM or key object), base64. */
export function signAggregatorRequestRsa(body: Body, privateKey: string | KeyObject): string {
  return createSign('RSA-SHA256').update(bytes(body)).sign(privateKey, 'base64');
}

/** Strict base64 (standard alphabet, padded): anything else is no signature. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decode(header: unknown): Buffer | null {
  if (typeof header !== 'string' || header.length === 0 || header.length > 2048) return null;
  const text = header.trim();
  return BASE64.test(text) ? Buffer.from(text, 'base64') : null;
}

/** Whether `header` is the HMAC of `body` under `secret`, compared in constant time. */
export function verifyAggregatorHmac(body: Body, header: unknown, secret: string | Buffer): boolean {
  const given = decode(header);
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(bytes(body)).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether `header` is an RSA-SHA256 signature of `body` by the holder of `publicKey`'s private key. */
export function verifyAggregatorRsa(body: Body, header: unknown, publicKey: string | KeyObject): boolean {
  const given = decode(header);
  if (!given) return false;
  try {
    return createVerify('RSA-SHA256').update(bytes(body)).verify(publicKey, given);
  } catch {
    return false;
  }
}
