import { readdirSync } from 'node:fs';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';

/** Every folder under features/: each is a zone of its own (a feature never imports another). */
const features = readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web's layers, as in STYLE.md: `lib`, `components` → `features` → `app`; the server sees `lib` only. */
const WEB_FILES = ['{app,components,features,lib}/**/*.{ts,tsx,js,jsx,mjs}'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.next-e2e/**',
    '.next-bench/**',
    '.next-analyze/**',
    '.data-e2e/**',
    'out/**',
    'node_modules/**',
    '.data/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./lib', './components'],
              from: ['./features', './app'],
              message:
                'lib and components sit below the features and the app: move what both need down here.',
            },
            {
              target: ['./lib', './components', './features', './app'],
              from: './server',
              message: 'The web never imports the API server: what both need lives in lib/.',
            },
            {
              target: './features',
              from: './app',
              message: 'A feature never imports the app: pass what it needs as props.',
            },
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: `features/${feature} never imports another feature: move what both need to lib/ or components/.`,
            })),
            {
              target: './server',
              from: ['./app', './components', './features'],
              message: 'The API server may import lib/ only.',
            },
            {
              target: './studio',
              from: ['./app', './components', './features', './server', './bench'],
              message: 'The game studio is a provider of its own: it may import lib/ only.',
            },
            {
              target: ['./lib', './components', './features', './app'],
              from: './studio',
              message: 'The web never imports the game studio: it speaks to it through the aggregator API.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles among the web's files, the API server's nor the studio's.
    files: [...WEB_FILES, 'server/**/*.ts', 'studio/**/*.ts'],
    rules: {
      'import/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
    },
  },
]);
