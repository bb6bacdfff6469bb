/**
 * Social log-in. `PUT /auth/login` checks the origin and answers the provider's URL with a signed,
 * expiring `state` carrying what the sign-up needs (origin, currency, attribution, and whether the player
 * confirmed being 18 or older and accepted the terms: an identity without an account becomes one only
 * with both; a linked identity logs in without them). Outside production
 * the provider is the built-in sandbox (sandbox-routes.ts); in production no real provider is wired yet,
 * so the call answers 422 `provider: unavailable`.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@/lib/constants/currencies';
import { AGE_NOT_CONFIRMED, SOCIAL_PROVIDERS, TERMS_NOT_ACCEPTED } from '@/lib/contracts/auth';
import { isUniqueViolation } from '../../lib/db-errors';
import { ValidationError } from '../../lib/errors';
import { activatePromo, findApplicablePromo, invalidPromo } from '../bonuses/service';
import type { Region } from '../../lib/region';
import { findUserByEmail, insertUser } from '../users/service';
import { inTransaction, type AuthDeps } from './deps';
import * as repository from './repository';
import { confirmedAt } from './service';
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
});

export type SocialState = z.infer<typeof stateSchema>;

/** Whether social log-in can be offered: the sandbox outside production; no real provider yet. */
export function socialLoginAvailable(deps: Pick<AuthDeps, 'config'>): boolean {
  return deps.config.nodeEnv !== 'production';
}

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
    region: Region;
    apiBaseUrl: string;
  },
): Promise<string> {
  const origin = allowedOrigin(deps, input.origin);
  if (!origin) throw ValidationError.field('origin', 'not_allowed', 'The origin is not allowed.');
  if (!socialLoginAvailable(deps)) {
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
  };
  const now = Math.floor(deps.clock().getTime() / 1000);
  const token = await new SignJWT(state)
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + SOCIAL_STATE_TTL_S)
    .sign(deps.keys.socialState);
  return `${input.apiBaseUrl}/sandbox/social/${input.provider}?state=${encodeURIComponent(token)}`;
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
): Promise<{ token: string; isNew: boolean }> {
  for (let attempt = 0; ; attempt += 1) {
    const now = deps.clock();
    const linked = await repository.findSocialIdentity(deps.db, state.provider, identity.subject);
    if (linked) {
      return { token: await openSession(deps.db, deps.keys.accessToken, linked.userId, now), isNew: false };
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
            isEmailVerified: email !== null,
            currency: state.currency,
            registerMethod: state.provider,
            ...confirmedAt(confirmations, now),
            promo: state.promo,
            partner: state.partner,
            adplace: state.adplace,
            stag: state.stag,
          },
          now,
        );
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
