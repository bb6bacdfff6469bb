/**
 * Zod 4 as Fastify's schema language: routes declare `schema: { body, querystring, params, headers,
 * response }` with zod schemas. Requests are validated (and coerced/defaulted) by zod, failures become
 * a 422 ValidationError; replies are parsed by their zod schema (unknown keys stripped) before
 * JSON.stringify, so a route cannot leak fields its contract does not name.
 */
import type {
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { ValidationError } from './errors';
import { zodIssuesToFieldErrors } from './field-errors';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A route module: `export const geoRoutes: RoutePlugin<AppContext> = async (app, { db }) => { ... }`. */
export type RoutePlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function assertZod(schema: unknown, where: string): z.ZodType {
  if (!(schema instanceof z.ZodType)) throw new Error(`${where}: schemas must be zod schemas`);
  return schema;
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  const zodSchema = assertZod(schema, `${method} ${url} ${httpPart ?? ''}`);
  const rootField = PART_NAMES[httpPart ?? 'body'] ?? 'body';
  return (data: unknown) => {
    const result = zodSchema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new ValidationError(zodIssuesToFieldErrors(result.error.issues, rootField)) };
  };
};

export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  const zodSchema = assertZod(schema, `${method} ${url} response ${httpStatus ?? ''}`);
  return (data: unknown) => JSON.stringify(zodSchema.parse(data));
};
