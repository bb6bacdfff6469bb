/**
 * The real OAuth 2 / OpenID Connect providers through `openid-client`: the authorization address (PKCE
 * S256, state, and a nonce with OpenID Connect) and the callback (state, PKCE and nonce checked by
 * openid-client, code exchanged, the person read from the ID token and the user-info endpoint).
 *
 * With an issuer (Google; Yandex or VK when `*_ISSUER` is set) the metadata is discovered and an ID
 * token is required. Without one (Yandex ID and VK ID by default), the provider is OAuth 2 at the
 * configured endpoints and the person comes from its user-info call, read in the provider's format.
 */
import * as oidc from 'openid-client';
import type { OAuthProviderConfig } from './social-config';

/** A provider's account as the sign-in needs it. */
export interface ProviderIdentity {
  subject: string;
  name: string;
  email: string | null;
  /** The provider vouches that the e-mail belongs to the person (OIDC `email_verified`). */
  emailVerified: boolean;
}

/** A callback refused: by the provider (`error=`), or by a failed check. */
export class SocialCallbackError extends Error {
  constructor(
    readonly reason: 'provider_error' | 'invalid_response' | 'no_subject',
    message: string,
  ) {
    super(message);
    this.name = 'SocialCallbackError';
  }
}

const REQUEST_TIMEOUT_S = 10;

const isLoopback = (raw: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(raw).hostname);

/** Plain http only to a provider on this machine (the tests' and the e2e stack's local provider). */
function insecureAllowed(provider: OAuthProviderConfig): boolean {
  const urls = provider.issuer
    ? [provider.issuer]
    : [provider.endpoints.authorization, provider.endpoints.token, provider.endpoints.userinfo];
  return urls.every((url) => new URL(url).protocol === 'https:' || isLoopback(url));
}

/**
 * An OAuth 2 provider may add an ID token nobody asked for (VK ID does). Without its issuer's metadata it
 * cannot be checked, and the person is read from the user-info call anyway: it is dropped.
 */
const withoutIdToken: oidc.CustomFetch = async (url, options) => {
  const response = await fetch(url, options as RequestInit);
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.clone().json()) as Record<string, unknown>;
  if (!body || typeof body !== 'object' || !('id_token' in body)) return response;
  delete body.id_token;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
};

const configurations = new WeakMap<OAuthProviderConfig, Promise<oidc.Configuration>>();

async function loadConfiguration(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
  const insecure = insecureAllowed(provider);
  if (provider.issuer) {
    const config = await oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      {
        execute:
          insecure && new URL(provider.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: REQUEST_TIMEOUT_S,
      },
    );
    config.timeout = REQUEST_TIMEOUT_S;
    return config;
  }
  const config = new oidc.Configuration(
    {
      issuer: new URL(provider.endpoints.authorization).origin,
      authorization_endpoint: provider.endpoints.authorization,
      token_endpoint: provider.endpoints.token,
    },
    provider.clientId,
    provider.clientSecret,
  );
  config[oidc.customFetch] = withoutIdToken;
  config.timeout = REQUEST_TIMEOUT_S;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

/** The provider's configuration, discovered once per process (again after a failed discovery). */
export function providerConfiguration(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
  let pending = configurations.get(provider);
  if (!pending) {
    pending = loadConfiguration(provider);
    pending.catch(() => configurations.delete(provider));
    configurations.set(provider, pending);
  }
  return pending;
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newFlowSecrets(): FlowSecrets {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization address for this flow. */
export async function authorizationUrl(provider: OAuthProviderConfig, flow: FlowSecrets): Promise<string> {
  const config = await providerConfiguration(provider);
  const parameters: Record<string, string> = {
    redirect_uri: provider.redirectUri,
    scope: provider.scope,
    state: flow.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (provider.issuer) parameters.nonce = flow.nonce;
  // Google: let the player pick the account rather than reuse the one signed in silently.
  if (provider.issuer === 'https://accounts.google.com') parameters.prompt = 'select_account';
  return oidc.buildAuthorizationUrl(config, parameters).href;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

function fullName(...parts: unknown[]): string | null {
  const joined = parts
    .map(text)
    .filter((part): part is string => part !== null)
    .join(' ');
  return joined || null;
}

const PROVIDER_NAMES = { google: 'Google', vk: 'VK', yandex: 'Yandex' } as const;

/**
 * The person in an OAuth 2 user-info answer: Yandex ID (`id`, `default_email`, `real_name`), VK ID
 * (`{ user: { user_id, first_name, last_name, email } }`) or OpenID Connect claims (`sub`, `email`, `name`).
 */
export function identityFromUserinfo(
  provider: OAuthProviderConfig['provider'],
  body: Record<string, unknown>,
): ProviderIdentity {
  const person = body.user && typeof body.user === 'object' ? (body.user as Record<string, unknown>) : body;
  const subject = text(person.sub) ?? text(person.id) ?? text(person.user_id);
  if (!subject) throw new SocialCallbackError('no_subject', 'The provider did not name the account.');
  const email = text(person.default_email) ?? text(person.email);
  const name =
    text(person.name) ??
    text(person.real_name) ??
    fullName(person.given_name, person.family_name) ??
    fullName(person.first_name, person.last_name) ??
    text(person.display_name) ??
    text(person.login) ??
    `${PROVIDER_NAMES[provider]} ${subject}`;
  // Yandex's default_email is the account's confirmed address; VK ID's is not vouched for; OIDC says.
  const emailVerified =
    person.email_verified === true || (provider === 'yandex' && text(person.default_email) !== null);
  return { subject, name: name.slice(0, 100), email: email?.toLowerCase() ?? null, emailVerified };
}

async function oauthUserinfo(
  provider: OAuthProviderConfig,
  config: oidc.Configuration,
  accessToken: string,
): Promise<Record<string, unknown>> {
  const url = new URL(provider.endpoints.userinfo);
  let response: Response;
  if (provider.provider === 'vk') {
    // VK ID: a form POST with the client id and the token.
    const body = new URLSearchParams({ client_id: provider.clientId, access_token: accessToken });
    response = await oidc.fetchProtectedResource(
      config,
      accessToken,
      url,
      'POST',
      body,
      new Headers({ 'content-type': 'application/x-www-form-urlencoded' }),
    );
  } else if (provider.provider === 'yandex') {
    // Yandex ID takes the token as `Authorization: OAuth <token>`.
    response = await fetch(url, {
      headers: { authorization: `OAuth ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
    });
  } else {
    response = await oidc.fetchProtectedResource(config, accessToken, url, 'GET');
  }
  if (!response.ok) {
    throw new SocialCallbackError(
      'invalid_response',
      `The provider's user-info call answered ${response.status}.`,
    );
  }
  const body = (await response.json()) as unknown;
  if (!body || typeof body !== 'object') {
    throw new SocialCallbackError('invalid_response', "The provider's user-info answer is not an object.");
  }
  return body as Record<string, unknown>;
}

/**
 * Checks the provider's answer at the callback (`query`: the callback's query string) against the flow
 * and trades the code for the person. Throws SocialCallbackError (an `error=` answer from the provider)
 * or openid-client's errors (state, PKCE, nonce, ID token checks).
 */
export async function completeAuthorization(
  provider: OAuthProviderConfig,
  query: string,
  flow: FlowSecrets,
): Promise<ProviderIdentity> {
  const config = await providerConfiguration(provider);
  const params = new URLSearchParams(query);
  const error = params.get('error');
  if (error) {
    throw new SocialCallbackError(
      'provider_error',
      `The provider refused: ${error}${params.get('error_description') ? ` (${params.get('error_description')})` : ''}.`,
    );
  }
  const currentUrl = new URL(provider.redirectUri);
  currentUrl.search = params.toString();
  const extra: Record<string, string> = {};
  // VK ID wants the device id it returned at the callback, and the state, with the code.
  if (provider.provider === 'vk' && !provider.issuer) {
    const deviceId = params.get('device_id');
    if (deviceId) extra.device_id = deviceId;
    extra.state = flow.state;
  }
  const tokens = await oidc.authorizationCodeGrant(
    config,
    currentUrl,
    {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      ...(provider.issuer ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
    },
    extra,
  );
  if (provider.issuer) {
    const claims = tokens.claims();
    if (!claims) throw new SocialCallbackError('invalid_response', 'The provider sent no ID token.');
    let merged: Record<string, unknown> = { ...claims };
    if (config.serverMetadata().userinfo_endpoint && (!claims.email || !claims.name)) {
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      // The ID token's claims win; the user-info answer fills in what it lacks.
      merged = { ...userinfo, ...Object.fromEntries(Object.entries(claims).filter(([, v]) => v != null)) };
    }
    return identityFromUserinfo(provider.provider, { ...merged, sub: claims.sub });
  }
  const body = await oauthUserinfo(provider, config, tokens.access_token);
  // VK ID names the account in the token answer as well.
  if (provider.provider === 'vk' && !text((body.user as Record<string, unknown> | undefined)?.user_id)) {
    const userId = text(tokens.user_id);
    if (userId && body.user && typeof body.user === 'object')
      (body.user as Record<string, unknown>).user_id = userId;
  }
  return identityFromUserinfo(provider.provider, body);
}
