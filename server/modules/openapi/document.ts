/**
 * The OpenAPI 3.1 document of the API (`GET /openapi.json`), built from the routes as they are
 * registered: each route's zod schemas (body, querystring, params, response) become JSON Schema
 * (draft 2020-12, what OpenAPI 3.1 uses) with zod 4's `z.toJSONSchema`, so the document cannot drift
 * from the validation the server actually performs.
 */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { GAME_SERVICE } from '@/lib/contracts/games';

export interface RouteRecord {
  method: string;
  url: string;
  schema?: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    response?: Record<string | number, unknown>;
  };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Records every route (Fastify `onRoute` hook); register before the route modules. */
export function routeCollector(): { routes: RouteRecord[]; onRoute(options: RouteOptions): void } {
  const routes: RouteRecord[] = [];
  return {
    routes,
    onRoute(options) {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) {
        if (!METHODS.has(method.toUpperCase())) continue;
        routes.push({
          method: method.toUpperCase(),
          url: options.url,
          schema: options.schema as RouteRecord['schema'],
        });
      }
    },
  };
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      reused: 'inline',
    });
    return rest as JsonSchema;
  } catch {
    return {};
  }
}

/** `/games/bets/:id` → `/games/bets/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Which spec service (lib/api/base-url.ts) serves a path: the games of GAME_SERVICE, else general/main. */
function serviceOf(url: string): string | undefined {
  const first = url.split('/')[1] ?? '';
  if (first in GAME_SERVICE) return GAME_SERVICE[first as keyof typeof GAME_SERVICE];
  if (first === 'fair' || first === 'games' || first === 'casino') return 'general';
  return undefined;
}

function parameters(schema: unknown, where: 'path' | 'query') {
  const json = jsonSchema(schema, 'input');
  const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

export function buildOpenApiDocument(
  routes: readonly RouteRecord[],
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) =>
    a.url === b.url ? a.method.localeCompare(b.method) : a.url.localeCompare(b.url),
  );
  for (const route of sorted) {
    if (route.url === '*' || route.url.includes('*')) continue;
    const path = openApiPath(route.url);
    const schema = route.schema ?? {};
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(schema.response ?? {})) {
      const json = jsonSchema(response, 'output');
      responses[String(status)] = {
        description: String(status) === '200' ? 'OK' : 'Error',
        ...(json ? { content: { 'application/json': { schema: json } } } : {}),
      };
    }
    if (!responses['200']) responses['200'] = { description: 'OK' };
    if (schema.body) {
      responses['422'] = {
        description: 'Validation failed: `{ message, errors: { field: ["key: text"] } }`',
      };
    }
    const body = jsonSchema(schema.body, 'input');
    const service = serviceOf(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      tags: [route.url.split('/')[1] || 'root'],
      ...(service ? { 'x-service': service } : {}),
      parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'The casino API. Money is a JSON number in major units (two decimals). Game calls are served by ' +
        'their spec service (x-service), all on this server by default.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    paths,
  };
}
