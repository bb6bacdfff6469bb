import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': root } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['{app,components,features,lib,tests/unit}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          setupFiles: ['tests/setup-web.ts'],
          // next-intl's middleware imports `next/server` without an extension, which Node's ESM loader
          // refuses; through Vite it resolves (tests/unit/middleware.test.ts runs the real middleware).
          server: { deps: { inline: ['next-intl'] } },
          // Room for the five-second findBy/waitFor of tests/setup-web.ts on a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        // The studio's game math (studio/games): pure functions, no database, so no global setup.
        extends: true,
        test: {
          name: 'studio',
          environment: 'node',
          include: ['studio/**/*.test.ts'],
          exclude: ['node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['node_modules/**'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
