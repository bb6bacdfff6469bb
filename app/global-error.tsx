'use client';

import { useEffect } from 'react';

/**
 * The last resort when even the root layout fails: no translations can load here, so it sends the
 * visitor to the localised /error page of the language in the address (spec section 8).
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error);
    const locale = window.location.pathname.split('/')[1] || 'ru';
    if (!window.location.pathname.endsWith('/error')) window.location.replace(`/${locale}/error`);
  }, [error]);
  return (
    <html lang="ru">
      <body style={{ background: '#0f1220', color: '#fff', fontFamily: 'system-ui', textAlign: 'center' }}>
        <h1 style={{ marginTop: '20vh' }}>Ошибка · Error · Қате</h1>
        <p>
          {/* A full page load on purpose: the app's own router may be what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" style={{ color: '#f5c542' }}>
            Aurum
          </a>
        </p>
      </body>
    </html>
  );
}
