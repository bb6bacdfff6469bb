/**
 * The real social log-in providers, read from environment variables (server/config.ts calls
 * `loadSocialConfig`). A provider is enabled only when its variables are set; the rest fall back to the
 * sandbox outside production and answer 422 `provider: unavailable` in production.
 *
 * - Google (`GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`): OpenID Connect with discovery at `GOOGLE_ISSUER`
 *   (default https://accounts.google.com).
 * - Yandex ID (`YANDEX_*`) and VK ID (`VK_*`): OAuth 2 with PKCE at their authorization, token and
 *   user-info addresses (defaults: the providers' own; `*_AUTHORIZATION_URL`, `*_TOKEN_URL`,
 *   `*_USERINFO_URL` override them), or OpenID Connect with discovery when `*_ISSUER` is set.
 * - Telegram Login (`TELEGRAM_BOT_TOKEN`, `TELEGRAM_BOT_USERNAME`): the login widget's signed payload.
 *
 * The redirect (callback) address is `<API_PUBLIC_URL>/auth/social/<provider>/callback` unless
 * `<PROVIDER>_REDIRECT_URI` gives it; register that address at the provider.
 */
import { z } from 'zod';

export type OAuthProviderKey = 'google' | 'vk' | 'yandex';

export interface OAuthProviderConfig {
  kind: 'oauth';
  provider: OAuthProviderKey;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
  /** OpenID Connect: the issuer to discover (ID token with nonce); null: OAuth 2 at `endpoints`. */
  issuer: string | null;
  endpoints: { authorization: string; token: string; userinfo: string };
}

export interface TelegramProviderConfig {
  kind: 'telegram';
  provider: 'telegram';
  botToken: string;
  /** The bot's username (without @), which the login widget needs. */
  botUsername: string;
  redirectUri: string;
}

export type RealProviderConfig = OAuthProviderConfig | TelegramProviderConfig;

export type SocialConfig = Partial<Record<OAuthProviderKey | 'telegram', RealProviderConfig>>;

const DEFAULTS: Record<
  OAuthProviderKey,
  { issuer: string | null; scope: string; oauthScope: string } & OAuthProviderConfig['endpoints']
> = {
  google: {
    issuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    oauthScope: 'openid email profile',
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  yandex: {
    issuer: null,
    scope: 'openid email profile',
    oauthScope: 'login:email login:info',
    authorization: 'https://oauth.yandex.ru/authorize',
    token: 'https://oauth.yandex.ru/token',
    userinfo: 'https://login.yandex.ru/info?format=json',
  },
  vk: {
    issuer: null,
    scope: 'openid email profile',
    oauthScope: 'vkid.personal_info email',
    authorization: 'https://id.vk.com/authorize',
    token: 'https://id.vk.com/oauth2/auth',
    userinfo: 'https://id.vk.com/oauth2/user_info',
  },
};

const httpUrl = z.url({ protocol: /^https?$/ });

function read(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Parses the providers' variables; pushes a line to `problems` for every bad or incomplete one. */
export function loadSocialConfig(
  env: Record<string, string | undefined>,
  apiPublicUrl: string | null,
  problems: string[],
): SocialConfig {
  const config: SocialConfig = {};
  const redirectFor = (prefix: string, provider: string): string | null => {
    const explicit = read(env, `${prefix}_REDIRECT_URI`);
    if (explicit) {
      if (!httpUrl.safeParse(explicit).success) {
        problems.push(`${prefix}_REDIRECT_URI: expected an http(s) address`);
        return null;
      }
      return explicit;
    }
    if (!apiPublicUrl) {
      problems.push(
        `${prefix}_REDIRECT_URI or API_PUBLIC_URL is required with ${prefix}_${
          prefix === 'TELEGRAM' ? 'BOT_TOKEN' : 'CLIENT_ID'
        } (the provider sends the player back there)`,
      );
      return null;
    }
    return `${apiPublicUrl.replace(/\/+$/, '')}/auth/social/${provider}/callback`;
  };
  const url = (name: string, fallback: string | null): string | null => {
    const value = read(env, name);
    if (value === undefined) return fallback;
    if (!httpUrl.safeParse(value).success) {
      problems.push(`${name}: expected an http(s) address`);
      return null;
    }
    return value.replace(/\/+$/, '');
  };

  for (const provider of ['google', 'yandex', 'vk'] as const) {
    const prefix = provider.toUpperCase();
    const clientId = read(env, `${prefix}_CLIENT_ID`);
    const clientSecret = read(env, `${prefix}_CLIENT_SECRET`);
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together: set both or neither`);
      continue;
    }
    const defaults = DEFAULTS[provider];
    const issuer = url(`${prefix}_ISSUER`, defaults.issuer);
    const endpoints = {
      authorization: url(`${prefix}_AUTHORIZATION_URL`, defaults.authorization),
      token: url(`${prefix}_TOKEN_URL`, defaults.token),
      userinfo: read(env, `${prefix}_USERINFO_URL`) ?? defaults.userinfo,
    };
    if (!httpUrl.safeParse(endpoints.userinfo).success) {
      problems.push(`${prefix}_USERINFO_URL: expected an http(s) address`);
    }
    const redirectUri = redirectFor(prefix, provider);
    if (!redirectUri || !endpoints.authorization || !endpoints.token) continue;
    config[provider] = {
      kind: 'oauth',
      provider,
      clientId,
      clientSecret,
      redirectUri,
      scope: read(env, `${prefix}_SCOPE`) ?? (issuer ? defaults.scope : defaults.oauthScope),
      issuer,
      endpoints: {
        authorization: endpoints.authorization,
        token: endpoints.token,
        userinfo: endpoints.userinfo,
      },
    };
  }

  const botToken = read(env, 'TELEGRAM_BOT_TOKEN');
  const botUsername = read(env, 'TELEGRAM_BOT_USERNAME')?.replace(/^@/, '');
  if (botToken || botUsername) {
    if (!botToken || !botUsername) {
      problems.push('TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME go together: set both or neither');
    } else if (!/^\d+:[\w-]+$/.test(botToken)) {
      problems.push('TELEGRAM_BOT_TOKEN: expected the token @BotFather gave, such as 123456:ABC-DEF…');
    } else if (!/^\w{3,64}$/.test(botUsername)) {
      problems.push('TELEGRAM_BOT_USERNAME: expected the bot username, such as aurum_login_bot');
    } else {
      const redirectUri = redirectFor('TELEGRAM', 'telegram');
      if (redirectUri)
        config.telegram = { kind: 'telegram', provider: 'telegram', botToken, botUsername, redirectUri };
    }
  }
  return config;
}
