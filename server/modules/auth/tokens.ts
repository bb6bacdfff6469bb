/**
 * Access tokens and their families (DESIGN.md, "Conventions of the API").
 *
 * - An access token is an HS256 JWT with `sub` (user id), `fid` (family id), `jti`, `iat` and `exp`
 *   (15 minutes). Log-in opens a family; every token of a session belongs to it.
 * - `POST /auth/refresh-token` takes the family's latest token, even expired, and hands out the next one,
 *   exactly once, while the family is inside its refresh window (30 days from log-in). Presenting an
 *   older token of the family again is reuse: the whole family is revoked.
 * - The profile's `fresh_token` re-issues the presented token's refresh right (same `jti`) with a new
 *   expiry, and only while that is the family's latest: it does not rotate, so a client that ignores it
 *   keeps a refreshable token, and one that stores it (the simple-auth flow) can refresh with it. A
 *   superseded token (one already traded at the refresh call) gets null: an older token never obtains
 *   the family's current refresh right, nor a longer life. `jti` thus names a refresh step of the family.
 * - Authenticated calls check signature, expiry, and that the family exists and is not revoked.
 */
import { randomUUID } from 'node:crypto';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { bearerToken } from '../../plugins/request-context';
import * as repository from './repository';
import type { TokenFamily } from './schema';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  fid: z.uuid(),
  jti: z.uuid(),
  iat: z.number().int(),
  exp: z.number().int(),
});

export interface TokenClaims {
  userId: number;
  familyId: string;
  jti: string;
}

export interface AuthSession extends TokenClaims {
  family: TokenFamily;
}

export async function signAccessToken(key: Uint8Array, claims: TokenClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ fid: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(claims.jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(key);
}

/** Opens a new family for the user (log-in, sign-up) and returns its first token. */
export async function openSession(db: Executor, key: Uint8Array, userId: number, now: Date): Promise<string> {
  const familyId = randomUUID();
  const jti = randomUUID();
  await repository.insertFamily(db, {
    id: familyId,
    userId,
    currentJti: jti,
    createdAt: now,
    refreshUntil: new Date(now.getTime() + REFRESH_WINDOW_MS),
  });
  return signAccessToken(key, { userId, familyId, jti }, now);
}

function toClaims(payload: unknown): TokenClaims | null {
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) return null;
  return { userId: Number(parsed.data.sub), familyId: parsed.data.fid, jti: parsed.data.jti };
}

/** Signature and expiry; null for anything else than a valid, unexpired access token. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    return toClaims(payload);
  } catch {
    return null;
  }
}

/**
 * `verifyAccessToken` remembered per token until the token expires (the instant bets, issue 14): a token
 * is verified once per process, not at every call. Only the signature and the expiry are remembered:
 * whether the token's family is still live is the caller's to check (see request-context's `token` mode).
 */
export function cachedTokenVerifier(key: Uint8Array, { maxTokens = 20_000 } = {}) {
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return async (token: string, now: Date): Promise<TokenClaims | null> => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > now.getTime()) return known.claims;
      verified.delete(token);
      return null;
    }
    const claims = await verifyAccessToken(key, token, now);
    if (!claims) return null;
    const [, payload] = token.split('.');
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
    if (verified.size >= maxTokens) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
    return claims;
  };
}

/** Signature only (the refresh call accepts expired tokens). */
async function readSignedToken(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
    return toClaims(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    return null;
  }
}

/** The session behind a bearer token, or UnauthorizedError. */
export async function authenticate(
  db: Executor,
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): Promise<AuthSession> {
  if (!token) throw new UnauthorizedError();
  const claims = await verifyAccessToken(key, token, now);
  if (!claims) throw new UnauthorizedError();
  const family = await repository.findFamily(db, claims.familyId);
  if (!family || family.revokedAt || family.userId !== claims.userId) throw new UnauthorizedError();
  return { ...claims, family };
}

/**
 * Trades the family's latest token (expired or not) for the next one. Reuse of an older token revokes
 * the family. Every failure is a 401.
 */
export async function refreshSession(
  db: Executor,
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): Promise<string> {
  if (!token) throw new UnauthorizedError();
  const claims = await readSignedToken(key, token);
  if (!claims) throw new UnauthorizedError();
  const nextJti = randomUUID();
  if (await repository.rotateFamily(db, { id: claims.familyId, jti: claims.jti, nextJti, now })) {
    return signAccessToken(key, { ...claims, jti: nextJti }, now);
  }
  const family = await repository.findFamily(db, claims.familyId);
  if (family && !family.revokedAt && family.currentJti !== claims.jti) {
    await repository.revokeFamily(db, family.id, 'reuse', now);
  }
  throw new UnauthorizedError();
}

/**
 * The profile's fresh_token: a new token with the presented token's refresh right, when that is the
 * family's current one; null for a superseded token.
 */
export async function freshToken(key: Uint8Array, session: AuthSession, now: Date): Promise<string | null> {
  if (session.jti !== session.family.currentJti) return null;
  return signAccessToken(key, { userId: session.userId, familyId: session.familyId, jti: session.jti }, now);
}

export const revokeFamily = repository.revokeFamily;
export const revokeUserFamilies = repository.revokeUserFamilies;
export const countLiveFamilies = repository.countLiveFamilies;

export { bearerToken };

declare module '../../plugins/request-context' {
  /** `request.session` of the request-context plugin is this module's session. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RequestSession extends AuthSession {}
}
