/**
 * The API's shapes are zod schemas shared with the browser (src/api/<name>/contract.ts); Fastify validates
 * requests and serializes responses with JSON Schema. `jsonSchema` converts one, as draft-7 (the
 * draft Fastify's validator and serializer read), so a route declares a shape from its one zod
 * definition and every route converts it the same way.
 */
import { z } from 'zod';

export const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
