/**
 * Runs an `http` check against the learner's deployed API, through the guarded fetch: its steps in
 * order, with values the learner cannot predict. `{{random}}` is one fresh token per run (so an API
 * that answers a fixed text cannot pass), `{{name}}` a value an earlier step saved from its answer.
 * A JSON body is sent as application/json. Each answer is compared with the step's `expect`:
 * status, the JSON's type and fields' types, fields equal to a value, headers. The first step that
 * fails is the evidence ("POST /todos", "201 with an object whose id is a string", what came back).
 * A fetch that could not be made (a refused address, a timeout) is "couldn't check", never failed.
 */
import { randomBytes } from 'node:crypto';
import type { HttpCheck, HttpStep } from '../../src/domain/verification.ts';
import { CheckUnavailable, type CheckOutcome, type GuardedFetch, type GuardedResponse, type HttpChecker } from './contract.ts';

/** How much of an answer the evidence shows. */
export const FOUND_MAX_CHARS = 300;

/** A fresh token for `{{random}}`: 12 lowercase hex characters, safe in paths and JSON. */
export const randomToken = () => randomBytes(6).toString('hex');

type Values = Record<string, unknown>;
const PLACEHOLDER = /\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g;

function fill(text: string, values: Values, encode: (value: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (_all, name: string) => {
    if (!(name in values)) throw new CheckUnavailable(`The check uses {{${name}}}, which no earlier step saved.`);
    const value = values[name];
    return encode(typeof value === 'string' ? value : JSON.stringify(value));
  });
}

/** Fills every string of a JSON body; a string that is one placeholder keeps the saved value's type. */
function fillBody(body: unknown, values: Values): unknown {
  if (typeof body === 'string') {
    const whole = /^\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}$/.exec(body);
    if (whole && whole[1] !== 'random' && whole[1]! in values) return values[whole[1]!];
    return fill(body, values);
  }
  if (Array.isArray(body)) return body.map((item) => fillBody(item, values));
  if (body !== null && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillBody(v, values)]));
  return body;
}

/** The value at a dotted path (`items.0.id`), or undefined. */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const withArticle = (type: string) => (type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const trim = (text: string, max = FOUND_MAX_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const list = (items: string[], last: string) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`);

/** "201 with an object whose id is a string and title is "Buy 3f2a…", with a location header". */
export function describeExpectation(expect: HttpStep['expect'], equals: Record<string, string>): string {
  const statuses = Array.isArray(expect.status) ? expect.status : [expect.status];
  let text = list(statuses.map(String), 'or');
  const whose = [
    ...Object.entries(expect.json?.fields ?? {}).map(([path, type]) => (type === 'any' ? `${path} is present` : `${path} is ${withArticle(type)}`)),
    ...Object.entries(equals).map(([path, value]) => `${path} is ${JSON.stringify(value)}`),
  ];
  if (expect.json || whose.length > 0) text += ` with ${expect.json ? withArticle(expect.json.type) : 'JSON'}`;
  if (whose.length > 0) text += ` whose ${list(whose, 'and')}`;
  const headers = Object.entries(expect.headers ?? {}).map(([name, value]) =>
    value === '' ? `a ${name.toLowerCase()} header` : `a ${name.toLowerCase()} header containing ${JSON.stringify(value)}`,
  );
  if (headers.length > 0) text += `, with ${list(headers, 'and')}`;
  return text;
}

/** What came back, as the evidence shows it: the status and the body. */
const foundOf = (answer: GuardedResponse) => trim(`${answer.status} ${answer.body.trim()}`.trim());

/** Compares an answer with a step's expectation: the sentence for the first difference, or null. */
function difference(step: HttpStep, target: string, answer: GuardedResponse, equals: Record<string, string>): { message: string; found: string } | null {
  const { expect } = step;
  const statuses = Array.isArray(expect.status) ? expect.status : [expect.status];
  const found = foundOf(answer);
  if (!statuses.includes(answer.status)) {
    return { message: `${target} answered ${answer.status}, not ${list(statuses.map(String), 'or')}.`, found };
  }
  const needsJson = expect.json !== undefined || Object.keys(equals).length > 0 || Object.keys(step.save ?? {}).length > 0;
  let json: unknown;
  if (needsJson) {
    try {
      json = JSON.parse(answer.body);
    } catch {
      return { message: `${target} did not answer JSON.`, found };
    }
  }
  if (expect.json && typeOf(json) !== expect.json.type) {
    return { message: `${target} answered ${withArticle(typeOf(json))}, not ${withArticle(expect.json.type)}.`, found };
  }
  for (const [path, type] of Object.entries(expect.json?.fields ?? {})) {
    const value = at(json, path);
    if (value === undefined) return { message: `The answer to ${target} has no ${path}.`, found };
    if (type !== 'any' && typeOf(value) !== type) {
      return { message: `In the answer to ${target}, ${path} is ${withArticle(typeOf(value))}, not ${withArticle(type)}.`, found };
    }
  }
  for (const [path, wanted] of Object.entries(equals)) {
    const value = at(json, path);
    if (value === undefined) return { message: `The answer to ${target} has no ${path}.`, found };
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text !== wanted) return { message: `In the answer to ${target}, ${path} is ${trim(JSON.stringify(value), 80)}, not ${JSON.stringify(wanted)}.`, found };
  }
  for (const [name, wanted] of Object.entries(expect.headers ?? {})) {
    const header = name.toLowerCase();
    const value = answer.headers[header];
    if (value === undefined)
      return { message: `The answer to ${target} has no ${header} header.`, found: trim(`${answer.status}, headers: ${Object.keys(answer.headers).join(', ')}`) };
    if (!value.toLowerCase().includes(wanted.toLowerCase())) {
      return {
        message: `The answer to ${target} has ${header}: ${trim(value, 80)}, which does not contain ${JSON.stringify(wanted)}.`,
        found: trim(`${header}: ${value}`),
      };
    }
  }
  for (const path of Object.values(step.save ?? {})) {
    if (at(json, path) === undefined) return { message: `The answer to ${target} has no ${path}, which the next steps use.`, found };
  }
  return null;
}

/** Joins the live URL (its path a prefix, its query dropped) and a step's path. */
function urlFor(liveUrl: string, path: string): string {
  let base: URL;
  try {
    base = new URL(liveUrl);
  } catch {
    throw new CheckUnavailable(`“${trim(liveUrl, 100)}” is not a web address we can visit.`);
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`;
}

export function httpChecker(fetch: GuardedFetch, token: () => string = randomToken): HttpChecker {
  return async (liveUrl: string, check: HttpCheck, signal: AbortSignal): Promise<CheckOutcome> => {
    const values: Values = { random: token() };
    for (const step of check.steps) {
      let target = `${step.method} ${step.path}`;
      let expected: string | null = null;
      try {
        const path = fill(step.path, values, encodeURIComponent);
        target = `${step.method} ${path}`;
        const equals = Object.fromEntries(Object.entries(step.expect.equals ?? {}).map(([k, v]) => [k, fill(v, values)]));
        // Expected headers hold values made in this run too (a short link's location).
        const wantedHeaders = step.expect.headers && Object.fromEntries(Object.entries(step.expect.headers).map(([k, v]) => [k, fill(v, values)]));
        expected = describeExpectation(step.expect, equals);
        const headers: Record<string, string> = { accept: 'application/json' };
        for (const [name, value] of Object.entries(step.headers ?? {})) headers[name.toLowerCase()] = fill(value, values);
        let body: string | undefined;
        if (step.body !== undefined) {
          body = JSON.stringify(fillBody(step.body, values));
          headers['content-type'] ??= 'application/json';
        }
        // The API's own answer is what is checked: a redirect it sends (a short link's 302) is not followed.
        const answer = await fetch(urlFor(liveUrl, path), { method: step.method, headers, body, signal, redirect: 'manual' });
        const failed = difference({ ...step, expect: { ...step.expect, ...(wantedHeaders ? { headers: wantedHeaders } : {}) } }, target, answer, equals);
        if (failed) return { status: 'failed', message: failed.message, evidence: { target, expected, found: failed.found, screenshot: null, url: null } };
        if (step.save) {
          const json: unknown = JSON.parse(answer.body);
          for (const [name, path] of Object.entries(step.save)) values[name] = at(json, path);
        }
      } catch (error) {
        if (!(error instanceof CheckUnavailable)) throw error;
        return { status: 'error', message: error.message, evidence: { target, expected, found: null, screenshot: null, url: null } };
      }
    }
    return { status: 'passed', message: null, evidence: null };
  };
}
