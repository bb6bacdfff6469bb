import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { normalizeAcceptLanguage } from './lib/i18n/locales';
import { routing } from './lib/i18n/routing';

const handleI18n = createMiddleware(routing);

export default function middleware(request: NextRequest) {
  // A browser that asks for Kazakh says `kk`; the product's code for it is `kz`.
  const accept = request.headers.get('accept-language');
  const normalized = normalizeAcceptLanguage(accept);
  if (normalized !== accept && normalized) {
    const headers = new Headers(request.headers);
    headers.set('accept-language', normalized);
    return handleI18n(new NextRequest(request.url, { headers, method: request.method }));
  }
  return handleI18n(request);
}

export const config = {
  // Everything but API-like paths, Next internals and files with an extension.
  matcher: ['/((?!api|ingest|_next|_vercel|serwist|.*\\..*).*)'],
};
