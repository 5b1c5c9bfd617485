/**
 * A query built and compiled once, then run many times with new values. Kysely builds and compiles
 * a query on every call; for the queries every request makes (the session check, the learner's own
 * leaderboard row) that cost more than running them: a CPU profile of the API answering the
 * leaderboard at 50 connections spent about a sixth of its time in Kysely's builders and compiler.
 *
 * `build` receives `param(name)`, a placeholder for each value; every value of the query must be
 * one (a constant would be compiled in with a placeholder's place and is refused at once).
 */
import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';

/** A Kysely instance or transaction (anything that runs a compiled query). */
/**
 * The SQL of every precompiled query, with a statement name: on PostgreSQL each connection
 * prepares it once (server/db/dialect.ts), so the server parses and plans it once per connection
 * instead of on every request. A fixed, small set: only these queries are prepared.
 */
export const preparedStatements = new Map<string, string>();

type Runner = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

export function precompiled<P extends string, R>(build: (param: (name: P) => string) => Compilable<R>) {
  const marks = new Map<string, P>();
  const compiled = build((name) => {
    const mark = `\u0000${name}\u0000`;
    marks.set(mark, name);
    return mark;
  }).compile();
  if (!preparedStatements.has(compiled.sql)) preparedStatements.set(compiled.sql, `pathforge_${preparedStatements.size + 1}`);
  const order = compiled.parameters.map((value) => {
    const name = typeof value === 'string' ? marks.get(value) : undefined;
    if (name === undefined) throw new Error(`precompiled: a value that is not a param() in ${compiled.sql}`);
    return name;
  });
  return async (executor: Runner, values: Record<P, unknown>): Promise<R[]> =>
    (
      await executor.executeQuery(
        CompiledQuery.raw(
          compiled.sql,
          order.map((name) => values[name]),
        ) as CompiledQuery<R>,
      )
    ).rows;
}
