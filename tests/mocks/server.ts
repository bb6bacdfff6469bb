import type { RequestHandler } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { handlers } from './handlers';

/** An msw server answering with `extra` handlers first, then the shared ones. */
export function createMockServer(...extra: RequestHandler[]): SetupServer {
  return setupServer(...extra, ...handlers);
}

/**
 * Runs `server` for the current test file: listens before all tests (an unhandled request fails the
 * test), drops per-test `server.use(...)` overrides after each, closes after all. Call at the top level
 * of a test file: `const server = withMockServer();`.
 */
export function withMockServer(server: SetupServer = createMockServer()): SetupServer {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
