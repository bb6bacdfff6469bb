import { parseHost } from '../traffic/middleware-api';

/**
 * The origin of the mirror a request came to (`https://aurum.example`), from the proxy's
 * X-Forwarded-Host / X-Forwarded-Proto, else the Host header; null when no header names a syntactically
 * valid host[:port]. Only such a host (letters, digits, dots, hyphens, a port) ever reaches a response,
 * so a forged header cannot inject markup.
 */
export function siteOrigin(headers: Pick<Headers, 'get'>): string | null {
  const host = parseHost(headers.get('x-forwarded-host')?.split(',')[0]) ?? parseHost(headers.get('host'));
  if (!host) return null;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  const defaultPort = proto === 'https' ? '443' : '80';
  return `${proto}://${host.hostname}${host.port && host.port !== defaultPort ? `:${host.port}` : ''}`;
}
