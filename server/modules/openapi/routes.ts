import type { RoutePlugin } from '../../lib/zod-fastify';
import { buildOpenApiDocument, type RouteRecord } from './document';

/** `GET /openapi.json`: the document of every route registered on this server (built once, on first use). */
export const openApiRoutes: RoutePlugin<{ routes: readonly RouteRecord[] }> = async (app, { routes }) => {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', async () => {
    document ??= buildOpenApiDocument(routes, { title: 'Casino API', version: '1.0.0' });
    return document;
  });
};
