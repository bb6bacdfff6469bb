#!/usr/bin/env node
/**
 * A local OpenID Connect provider for tests (npm `oidc-provider` with its development interactions:
 * a plain log-in form that takes any account name, then a consent form). Loopback only, no TLS.
 *
 * - Imported (the API tests): `startOidcProvider({ redirectUris })` on a random port; `close()` stops it.
 * - Run (`node scripts/oidc-dev-provider.mjs`, the e2e stack's extra web server): listens on
 *   OIDC_DEV_PORT (default 4197) with one client `OIDC_DEV_CLIENT_ID` / `OIDC_DEV_CLIENT_SECRET`
 *   (default `aurum-e2e` / `aurum-e2e-secret`) whose redirect addresses are OIDC_DEV_REDIRECT_URIS
 *   (comma-separated). It stops on SIGTERM or SIGINT, or when its parent process exits.
 *
 * Accounts: any name typed at the log-in form is an account. Its e-mail is `<name>@oidc.example` and is
 * verified, unless the name is in `accounts` (imported use) with claims of its own.
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

/** The claims of account `id`: from `accounts` when listed, else derived from the name. */
function claimsOf(id, accounts) {
  const listed = accounts[id];
  if (listed) return { sub: id, ...listed };
  return { sub: id, name: `OIDC ${id}`, email: `${id.toLowerCase()}@oidc.example`, email_verified: true };
}

export async function startOidcProvider({
  host = '127.0.0.1',
  port = 0,
  clientId = 'aurum-test',
  clientSecret = 'aurum-test-secret',
  redirectUris,
  accounts = {},
} = {}) {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const issuer = `http://${host}:${address.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => claimsOf(id, accounts) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-dev-provider-cookie-key'] },
    // Quiet: the development interactions warn on every start otherwise.
    renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    port: address.port,
    provider,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks a browser-less visitor through the development interactions: from the authorization address
 * (log-in as `login`, consent) to the redirect back to the client, which it returns without following.
 * `login: null` aborts at the log-in form instead (the provider redirects back with `error=access_denied`).
 */
export async function signInAtOidcProvider(authorizationUrl, login) {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map();
  const cookie = () => [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
  let url = authorizationUrl;
  let form = null;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookie(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [key, ...value] = pair.split('=');
      jar.set(key.trim(), value.join('='));
    }
    form = null;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const uid = /\/interaction\/([^/?#]+)/.exec(url)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!uid || !prompt)
      throw new Error(`unexpected page at ${url}: ${response.status} ${html.slice(0, 300)}`);
    if (login === null) {
      url = `${origin}/interaction/${uid}/abort`;
      continue;
    }
    url = `${origin}/interaction/${uid}`;
    form = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
  }
  throw new Error('too many steps at the OpenID provider');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.OIDC_DEV_PORT ?? 4197);
  const redirectUris = (process.env.OIDC_DEV_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  const running = await startOidcProvider({
    port,
    clientId: process.env.OIDC_DEV_CLIENT_ID ?? 'aurum-e2e',
    clientSecret: process.env.OIDC_DEV_CLIENT_SECRET ?? 'aurum-e2e-secret',
    redirectUris,
  });
  console.log(`OpenID provider (development interactions) at ${running.issuer}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}
