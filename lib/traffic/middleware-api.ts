import { deriveApiBaseUrl } from '@/lib/api/base-url';

/**
 * The API address the edge middleware calls: `API_INTERNAL_URL` (a private address of the API, e.g. inside
 * the cluster) when set, else the public `NEXT_PUBLIC_API_URL`, else the `api.` subdomain of the host
 * the visitor asked for (spec section 7), like the browser does.
 */
export function middlewareApiBase(
  visited: Pick<URL, 'protocol' | 'hostname' | 'port'>,
  env: { internal?: string; public?: string } = {
    internal: process.env.API_INTERNAL_URL,
    public: process.env.NEXT_PUBLIC_API_URL,
  },
): string {
  const configured = env.internal?.trim() || env.public?.trim();
  return configured ? configured.replace(/\/+$/, '') : deriveApiBaseUrl(visited);
}

/**
 * The address the visitor asked for. Next.js builds a middleware request's URL from the address the
 * server listens on, so the host comes from the proxy's X-Forwarded-Host, else the Host header (a
 * mirror is a host name), and the scheme from X-Forwarded-Proto.
 */
export function visitedUrl(requestUrl: string, headers: Pick<Headers, 'get'>): URL {
  const url = new URL(requestUrl);
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  const match = host ? /^([a-z0-9.-]+)(?::(\d+))?$/i.exec(host) : null;
  if (match) {
    url.hostname = match[1];
    url.port = match[2] ?? '';
  }
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
  return url;
}
