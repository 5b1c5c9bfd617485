/**
 * Every route declares its request and response shapes here, as the zod schemas of its contract
 * (src/api/<name>/contract.ts): `route(app)` gives the handler `request.body`, `params` and `query`
 * typed from them (and checks what it answers against the response schema), and `schema({...})`
 * converts them for Fastify, whose validator and serializer read JSON Schema. The conversion is
 * `jsonSchema`, draft-7 (the draft Fastify's ajv reads), so validation and its messages are what
 * ajv says of the converted shape, the same for every route. No request type is written by hand.
 *
 *   route(app).post('/login', { schema: schema({ body: loginBodySchema, response: { 200: sessionResponseSchema } }) },
 *     async (request) => … request.body.email …);
 */
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

declare const zodShape: unique symbol;
/** A JSON Schema converted from a zod schema, carrying that schema's type (for the types only: nothing at run time). */
export type JsonSchemaOf<T extends z.ZodType> = Record<string, unknown> & { readonly [zodShape]: T };

export const jsonSchema = <T extends z.ZodType>(schema: T) => z.toJSONSchema(schema, { target: 'draft-7' }) as unknown as JsonSchemaOf<T>;

/** Fastify's type provider for `JsonSchemaOf`: a request part is what its zod schema parses to, an answer what it accepts. */
export interface ZodJsonSchemas extends FastifyTypeProvider {
  readonly validator: this['schema'] extends JsonSchemaOf<infer T extends z.ZodType> ? z.output<T> : unknown;
  readonly serializer: this['schema'] extends JsonSchemaOf<infer T extends z.ZodType> ? z.input<T> : unknown;
}

type RouteShapes = {
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** By status code. */
  response?: { [status: number]: z.ZodType };
};

type Converted<S extends RouteShapes> = {
  [K in keyof S]: K extends 'response'
    ? { [C in keyof S[K]]: S[K][C] extends z.ZodType ? JsonSchemaOf<S[K][C]> : never }
    : S[K] extends z.ZodType
      ? JsonSchemaOf<S[K]>
      : never;
};

/** A route's shapes, from zod to the JSON Schema Fastify validates and serialises with. */
export function schema<const S extends RouteShapes>(shapes: S): Converted<S> {
  const converted: Record<string, unknown> = {};
  for (const [part, shape] of Object.entries(shapes)) {
    converted[part] =
      part === 'response'
        ? Object.fromEntries(Object.entries(shape as Record<string, z.ZodType>).map(([status, answer]) => [status, jsonSchema(answer)]))
        : jsonSchema(shape as z.ZodType);
  }
  return converted as Converted<S>;
}

/** The app (or a plugin's scope) whose routes take their types from `schema({...})`. */
export const route = (app: FastifyInstance) => app.withTypeProvider<ZodJsonSchemas>();
