/**
 * Social log-in. `PUT /auth/login` checks the origin and answers the provider's URL with a signed,
 * expiring `state` carrying what the sign-up needs (origin, currency, attribution, and whether the player
 * confirmed being 18 or older and accepted the terms: an identity without an account becomes one only
 * with both; a linked identity logs in without them).
 *
 * A provider configured by its variables (social-config.ts) is the real one: the flow is stored
 * server-side (social-flows.ts) and the URL is this API's start address, which sends the popup to the
 * provider (social-routes.ts). An unconfigured provider is the built-in sandbox outside production
 * (sandbox-page.ts) and answers 422 `provider: unavailable` in production.
 */
import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@/lib/constants/currencies';
import { AGE_NOT_CONFIRMED, SOCIAL_PROVIDERS, TERMS_NOT_ACCEPTED } from '@/lib/contracts/auth';
import { isUniqueViolation } from '../../lib/db-errors';
import { ValidationError } from '../../lib/errors';
import { activatePromo, findApplicablePromo, invalidPromo } from '../bonuses/service';
import { openUpload, recordSighting } from '../devices/service';
import type { Region } from '../../lib/region';
import { findUserByEmail, insertUser } from '../users/service';
import { inTransaction, type AuthDeps } from './deps';
import * as repository from './repository';
import { confirmedAt } from './service';
import { createFlow, purgeExpiredFlows } from './social-flows';
import { newFlowSecrets } from './social-oidc';
import { openSession } from './tokens';

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_STATE_TTL_S = 10 * 60;

const stateSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  origin: z.string(),
  currency: z.enum(CURRENCIES),
  promo: z.string().nullable(),
  /** The visitor's region when the flow started (promo codes may be limited to one). */
  region: z.enum(['KZ', 'RU']).default('RU'),
  partner: z.string().nullable(),
  adplace: z.string().nullable(),
  stag: z.string().nullable(),
  /** The sign-up confirmations given when the flow started (false: not given). */
  ageConfirmed: z.boolean().default(false),
  termsAccepted: z.boolean().default(false),
  /** The device fingerprint uploaded when the flow started, still sealed (opened when it completes). */
  fpp: z.string().nullable().default(null),
});

export type SocialState = z.infer<typeof stateSchema>;

/** Whether social log-in can be offered: the sandbox outside production, else a configured provider. */
export function socialLoginAvailable(deps: Pick<AuthDeps, 'config'>): boolean {
  return deps.config.nodeEnv !== 'production' || Object.keys(deps.config.social).length > 0;
}

/** How a provider signs players in here: its real configuration, the sandbox, or not at all. */
export function providerMode(
  deps: Pick<AuthDeps, 'config'>,
  provider: SocialProvider,
): 'real' | 'sandbox' | 'unavailable' {
  if (deps.config.social[provider]) return 'real';
  return deps.config.nodeEnv !== 'production' ? 'sandbox' : 'unavailable';
}

/** The key a flow is stored under: the SHA-256 of its state (the state itself is never stored). */
export const flowKey = (state: string) => createHash('sha256').update(state).digest('hex');

/** The web origin the flow reports back to, when it is one of WEB_ORIGINS. */
export function allowedOrigin(deps: Pick<AuthDeps, 'config'>, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return null;
  }
  return deps.config.webOrigins.includes(parsed.origin) ? parsed.origin : null;
}

export async function startSocialLogin(
  deps: AuthDeps,
  input: {
    provider: SocialProvider;
    origin: string;
    currency?: Currency | null;
    promo?: string | null;
    partner?: string | null;
    adplace?: string | null;
    stag?: string | null;
    ageConfirmed?: boolean | null;
    termsAccepted?: boolean | null;
    fpp?: string | null;
    region: Region;
    apiBaseUrl: string;
  },
): Promise<string> {
  const origin = allowedOrigin(deps, input.origin);
  if (!origin) throw ValidationError.field('origin', 'not_allowed', 'The origin is not allowed.');
  const mode = providerMode(deps, input.provider);
  if (mode === 'unavailable') {
    throw ValidationError.field('provider', 'unavailable', 'Log-in with this provider is not available.');
  }
  const currency = input.currency ?? DEFAULT_CURRENCY;
  // A promo code must apply now (as at e-mail sign-up); the sign-up itself comes after the provider.
  if (
    input.promo &&
    !(await findApplicablePromo(deps.db, {
      code: input.promo,
      currency,
      region: input.region,
      now: deps.clock(),
    }))
  ) {
    throw invalidPromo();
  }
  const state: SocialState = {
    provider: input.provider,
    origin,
    currency,
    region: input.region,
    promo: input.promo ?? null,
    partner: input.partner ?? null,
    adplace: input.adplace ?? null,
    stag: input.stag ?? null,
    ageConfirmed: input.ageConfirmed === true,
    termsAccepted: input.termsAccepted === true,
    fpp: input.fpp ?? null,
  };
  if (mode === 'real') {
    const at = deps.clock();
    const secrets = newFlowSecrets();
    await purgeExpiredFlows(deps.db, at);
    await createFlow(deps.db, {
      stateHash: flowKey(secrets.state),
      provider: input.provider,
      codeVerifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      payload: state,
      createdAt: at,
      expiresAt: new Date(at.getTime() + SOCIAL_STATE_TTL_S * 1000),
    });
    // The start address lives beside the callback, so that the binding cookie it sets comes back there
    // (and the finishing message comes from the origin the web app expects).
    const callback = deps.config.social[input.provider]?.redirectUri ?? '';
    const start = callback.endsWith(`/auth/social/${input.provider}/callback`)
      ? callback.replace(/\/callback$/, '/start')
      : `${input.apiBaseUrl}/auth/social/${input.provider}/start`;
    return `${start}?state=${encodeURIComponent(secrets.state)}`;
  }
  const now = Math.floor(deps.clock().getTime() / 1000);
  const token = await new SignJWT(state)
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + SOCIAL_STATE_TTL_S)
    .sign(deps.keys.socialState);
  return `${input.apiBaseUrl}/sandbox/social/${input.provider}?state=${encodeURIComponent(token)}`;
}

/** A stored flow's payload, read back (null when it does not parse). */
export function parseSocialState(payload: unknown): SocialState | null {
  const parsed = stateSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** The state's content when it is authentic, unexpired and made for this provider; else null. */
export async function readSocialState(
  deps: Pick<AuthDeps, 'keys' | 'clock'>,
  state: string,
  provider: string,
): Promise<SocialState | null> {
  try {
    const { payload } = await jwtVerify(state, deps.keys.socialState, {
      algorithms: ['HS256'],
      currentDate: deps.clock(),
    });
    const parsed = stateSchema.safeParse(payload);
    return parsed.success && parsed.data.provider === provider ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A provider identity without an account whose flow did not carry both sign-up confirmations: 422 with
 * the missing fields, as registration answers them; nothing is created.
 */
export class SignUpNotConfirmedError extends ValidationError {
  constructor(state: Pick<SocialState, 'ageConfirmed' | 'termsAccepted'>) {
    super({
      ...(state.ageConfirmed ? {} : { age_confirmed: [AGE_NOT_CONFIRMED] }),
      ...(state.termsAccepted ? {} : { terms_accepted: [TERMS_NOT_ACCEPTED] }),
    });
  }
}

export interface SocialIdentity {
  /** The provider's id of the person. */
  subject: string;
  name: string;
  email: string | null;
  /**
   * The provider vouches for the e-mail (a real provider's `email_verified`). Only then does an identity
   * sign in to the account whose verified e-mail it carries (and links to it); the sandbox never does.
   */
  emailVerified?: boolean;
}

/**
 * Finds the user linked to (provider, subject) or registers one (register_method = provider, currency and
 * attribution from the state; the e-mail only when no other account has it; a waiting bonus for the
 * state's promo code; the confirmations' time). Opens a session. Registering needs both confirmations
 * in the state, else SignUpNotConfirmedError.
 */
export async function completeSocialLogin(
  deps: AuthDeps,
  state: SocialState,
  identity: SocialIdentity,
  /** Where the completion came from; the state's sealed fingerprint is opened and recorded with it. */
  visitor: { ip: string },
): Promise<{ token: string; isNew: boolean }> {
  const upload = await openUpload(deps.keys.deviceSeal, state.fpp);
  const sighting = (userId: number, at: Date) => ({
    userId,
    event: 'social' as const,
    upload,
    ip: visitor.ip,
    at,
  });
  for (let attempt = 0; ; attempt += 1) {
    const now = deps.clock();
    const linked = await repository.findSocialIdentity(deps.db, state.provider, identity.subject);
    if (linked) {
      await recordSighting(deps.db, sighting(linked.userId, now));
      return { token: await openSession(deps.db, deps.keys.accessToken, linked.userId, now), isNew: false };
    }
    if (identity.emailVerified && identity.email) {
      const owner = await findUserByEmail(deps.db, identity.email);
      if (owner?.isEmailVerified) {
        try {
          return await inTransaction(deps, async (tx) => {
            await repository.insertSocialIdentity(tx, {
              provider: state.provider,
              subject: identity.subject,
              userId: owner.id,
              email: identity.email,
              name: identity.name,
              createdAt: now,
            });
            await recordSighting(tx, sighting(owner.id, now));
            return { token: await openSession(tx, deps.keys.accessToken, owner.id, now), isNew: false };
          });
        } catch (error) {
          if (attempt < 2 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    }
    if (!state.ageConfirmed || !state.termsAccepted) throw new SignUpNotConfirmedError(state);
    const confirmations = { ageConfirmed: true, termsAccepted: true } as const;
    try {
      return await inTransaction(deps, async (tx) => {
        const email = identity.email && !(await findUserByEmail(tx, identity.email)) ? identity.email : null;
        const user = await insertUser(
          tx,
          {
            name: identity.name,
            email,
            // The sandbox's e-mail counts as verified, as it always has; a real provider's as it says.
            isEmailVerified: email !== null && (identity.emailVerified ?? true),
            currency: state.currency,
            registerMethod: state.provider,
            ...confirmedAt(confirmations, now),
            promo: state.promo,
            partner: state.partner,
            adplace: state.adplace,
            stag: state.stag,
            fpp: upload?.fingerprint ?? null,
          },
          now,
        );
        await recordSighting(tx, sighting(user.id, now));
        // The promo was checked when the flow started; one that stopped applying since is dropped
        // rather than failing a sign-up the provider already confirmed.
        const promo = state.promo
          ? await findApplicablePromo(tx, {
              code: state.promo,
              currency: state.currency,
              region: state.region,
              now,
            })
          : undefined;
        if (promo) {
          await activatePromo(tx, {
            userId: user.id,
            code: promo.code,
            currency: state.currency,
            region: state.region,
            now,
          });
        }
        await repository.insertSocialIdentity(tx, {
          provider: state.provider,
          subject: identity.subject,
          userId: user.id,
          email: identity.email,
          name: identity.name,
          createdAt: now,
        });
        return { token: await openSession(tx, deps.keys.accessToken, user.id, now), isNew: true };
      });
    } catch (error) {
      // A parallel completion linked the identity, or took the e-mail, first: look again.
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
