/**
 * The floor of this stack (docs: /work/shared/STACK-NOTES.md, "The floor this stack sets"): a throw-away
 * minimal Next app under os.tmpdir() with the product's framework pieces only: a `[locale]` layout and
 * page rendered with next-intl (pre-rendered for each locale, messages through NextIntlClientProvider)
 * and next-intl's edge `middleware.ts`. It uses this repository's node_modules through a symlink; as
 * Turbopack follows no symlink out of its root, the root is the nearest folder holding both.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildNext, freePort, REPO_ROOT, startNext } from './web-stack';

/** The route of the floor's page in the build output, for `firstLoadJs`. */
export const FLOOR_ROUTE = '/[locale]/page';
export const FLOOR_DIST_DIR = '.next';

function commonAncestor(a: string, b: string): string {
  const left = a.split(path.sep);
  const right = b.split(path.sep);
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i += 1;
  return left.slice(0, i).join(path.sep) || path.sep;
}

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bench-floor', private: true, type: 'module' }, null, 2),
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['dom', 'dom.iterable', 'esnext'],
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: 'react-jsx',
        plugins: [{ name: 'next' }],
      },
      include: ['**/*.ts', '**/*.tsx'],
      exclude: ['node_modules'],
    },
    null,
    2,
  ),
  'i18n/routing.ts': `import { defineRouting } from 'next-intl/routing';
export const routing = defineRouting({ locales: ['ru', 'en', 'kz'], defaultLocale: 'ru' });
`,
  'i18n/request.ts': `import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: (await import(\`../messages/\${locale}.json\`)).default };
});
`,
  'middleware.ts': `import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';
export default createMiddleware(routing);
export const config = { matcher: ['/((?!api|_next|_vercel|.*\\\\..*).*)'] };
`,
  'app/[locale]/layout.tsx': `import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { routing } from '../../i18n/routing';
export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}
export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
`,
  'app/[locale]/page.tsx': `import { useTranslations } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { use } from 'react';
export default function Home({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = use(params);
  setRequestLocale(locale);
  const t = useTranslations('home');
  return (
    <main>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
    </main>
  );
}
`,
  'messages/ru.json': JSON.stringify({ home: { title: 'Главная', body: 'Минимальная страница.' } }),
  'messages/en.json': JSON.stringify({ home: { title: 'Home', body: 'A minimal page.' } }),
  'messages/kz.json': JSON.stringify({ home: { title: 'Басты бет', body: 'Ең қарапайым бет.' } }),
};

/** Writes the floor app into a new temp dir; `remove` deletes it. */
export async function createFloorApp(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'casino-bench-floor-'));
  const modules = await fs.realpath(path.join(REPO_ROOT, 'node_modules'));
  const root = commonAncestor(await fs.realpath(dir), modules);
  const files = {
    ...FILES,
    'next.config.ts': `import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true },
  turbopack: { root: ${JSON.stringify(root)} },
  outputFileTracingRoot: ${JSON.stringify(root)},
};
export default withNextIntl(nextConfig);
`,
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  await fs.symlink(modules, path.join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/**
 * Builds the floor app, serves it with `next start`, and runs `measure` with its base address and its
 * directory; everything is stopped and removed afterwards.
 */
export async function withFloorWeb<T>(measure: (base: string, dir: string) => Promise<T>): Promise<T> {
  const floor = await createFloorApp();
  try {
    await buildNext({ cwd: floor.dir, distDir: FLOOR_DIST_DIR, env: { ...process.env }, label: 'floor' });
    const web = await startNext({
      cwd: floor.dir,
      distDir: FLOOR_DIST_DIR,
      env: { ...process.env },
      port: await freePort(),
      label: 'floor',
    });
    try {
      return await measure(web.base, floor.dir);
    } finally {
      await web.close();
    }
  } finally {
    await floor.remove();
  }
}
