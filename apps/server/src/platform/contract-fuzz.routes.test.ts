import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@pharma/contracts';
import { authFor, createTestApp, makeUser } from '../test/test-app.js';

/**
 * The standing contract fuzz test (issue 13 item 17): for every route of the OpenAPI document,
 * malformed bodies, params and queries as an administrator never get a 5xx, and every 4xx is the
 * one error envelope {code, message, requestId}. Two passes per route: a deterministic one that
 * puts each hostile value of a known class (2^31 in an integer, NUL and a lone surrogate in a
 * string, prototype keys, sort=__proto__) into every leaf of an otherwise well-formed request,
 * and a fast-check one that mixes valid and hostile leaves at random (seeded per route).
 * Bounded to run in about a minute on PGlite.
 */

// ------------------------------------------------------------------ the OpenAPI document

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: Schema;
}

const t = await createTestApp({
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  LOGIN_MAX_FAILURES: '1000000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
});
const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
afterAll(() => t.close());

const routes: Route[] = Object.entries(document.paths)
  .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
  .flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path'),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );

// ------------------------------------------------------------------ values

const int32Max = 2_147_483_647;
const hostileNumbers: unknown[] = [int32Max + 1, -int32Max - 2, 2 ** 53 + 2, 1e308, -1e308, 1.5, -1, 0, '12', 'abc', null, true, [], {}, [1]];
const hostileStrings: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '__proto__',
  'constructor',
  'x'.repeat(20_000),
  '',
  ' ',
  12,
  null,
  false,
  ['a'],
  { a: 1 },
];
const hostileOther: unknown[] = ['x', 1, null, [], {}, [null], 'true'];
const hostileFor = (s: Schema): unknown[] => {
  const type = s.type ?? s.anyOf?.find((b) => b.type)?.type;
  return type === 'integer' || type === 'number' ? hostileNumbers : type === 'string' ? hostileStrings : hostileOther;
};
/** What the probe found: the first values tried in every leaf by the deterministic pass. */
const probeValues = (s: Schema): unknown[] => {
  const type = s.type ?? s.anyOf?.find((b) => b.type)?.type;
  if (type === 'integer' || type === 'number') return [int32Max + 1, 2 ** 53 + 2, -1.5];
  if (type === 'string') return ['a\u0000b', 'x\ud800'];
  return [];
};

const lower = (s: Schema) => (s.minimum === undefined ? -1000 : s.exclusiveMinimum === true ? s.minimum + 1 : s.minimum);
const upper = (s: Schema) => (s.maximum === undefined ? 1000 : s.exclusiveMaximum === true ? s.maximum - 1 : s.maximum);

/** A value the schema accepts (as far as JSON Schema tells; zod refinements may still refuse it). */
function valid(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => valid(b, depth)));
  const base = validOfType(s, depth);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validOfType(s: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (s.type) {
    case 'integer': {
      const lo = Math.max(lower(s), -(2 ** 53) + 1);
      const hi = Math.min(upper(s), 2 ** 53 - 1);
      const small = fc.integer({ min: Math.max(lo, -5), max: Math.max(Math.max(lo, -5), Math.min(hi, 30)) });
      return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number) });
    }
    case 'number':
      return fc.double({ min: Math.max(lower(s), -1e9), max: Math.min(upper(s), 1e9), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      const maxLength = Math.min(s.maxLength ?? 40, 40);
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity) && v.length >= (s.minLength ?? 0));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(maxLength, s.minLength ?? 0) });
    }
    case 'array':
      if (depth > 4 || !s.items) return fc.constant([]);
      return fc.array(valid(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)) });
    case 'object': {
      const properties = s.properties ?? {};
      if (depth > 4) return fc.constant({});
      return fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, valid(v, depth + 1)])), {
        requiredKeys: (s.required ?? []).filter((k) => k in properties),
      });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** A value where every leaf may be hostile instead of valid. */
function mixed(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom(...hostileFor(s));
  if (s.type === 'object' && s.properties && depth <= 4) {
    const props = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, mixed(v, depth + 1)]));
    const object = fc
      .tuple(fc.record(props, { requiredKeys: [] }), fc.constantFrom(null, '__proto__', 'constructor', 'prototype', 'toString'))
      .map(([o, extra]) => (extra ? JSON.parse(JSON.stringify(o).replace(/^\{/, `{"${extra}":{"polluted":1}${Object.keys(o).length ? ',' : ''}`)) : o));
    return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: hostile });
  }
  if (s.type === 'array' && s.items && depth <= 4) {
    const array = fc.array(mixed(s.items, depth + 1), { maxLength: 3 });
    return fc.oneof({ weight: 4, arbitrary: array }, { weight: 1, arbitrary: hostile });
  }
  return fc.oneof({ weight: 2, arbitrary: valid(s, depth) }, { weight: 1, arbitrary: hostile });
}

/** One fixed well-formed value (the deterministic pass mutates one leaf of it at a time). */
const sample = (s: Schema, seed: number) => fc.sample(valid(s), { numRuns: 1, seed })[0];

/** Every leaf of a schema with its path, down the first non-null branch. */
function leaves(s: Schema, path: (string | number)[] = [], depth = 0): { path: (string | number)[]; schema: Schema }[] {
  const branch = s.anyOf?.find((b) => b.type !== 'null') ?? s;
  if (branch.type === 'object' && branch.properties && depth < 5)
    return Object.entries(branch.properties).flatMap(([k, v]) => leaves(v, [...path, k], depth + 1));
  if (branch.type === 'array' && branch.items && depth < 5) return leaves(branch.items, [...path, 0], depth + 1);
  return [{ path, schema: branch }];
}

function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const array = Array.isArray(value) && value.length ? [...value] : [undefined];
    array[0] = setAt(array[0], rest, leaf);
    return array;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head!] = setAt(object[head!], rest, leaf);
  return object;
}

// ------------------------------------------------------------------ requests

/** Percent-encodes any JS string, lone surrogates included (as their WTF-8 bytes). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff)
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      else out += encodeURIComponent(ch);
    }
    return out;
  }
}

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

function urlOf(route: Route, request: Request) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(request.params[name] ?? '1'));
  const query = Object.entries(request.query)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${encode(k)}=${encode(x)}`) : [`${encode(k)}=${encode(v)}`]))
    .join('&');
  return query ? `${path}?${query}` : path;
}

let admin = await makeUser(t.db, 'admin');
const codes = new Set<string>(errorCodes);

/** Sends one request; a 5xx or a 4xx without the envelope fails with what was sent. */
async function check(route: Route, request: Request) {
  const send = () =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route, request),
      headers: { ...authFor(t.app, admin), 'accept-language': 'en', ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
    });
  let res = await send();
  if (res.statusCode === 401 && !route.path.startsWith('/api/account')) {
    // the fuzz deactivated or re-passworded its own administrator: carry on as a fresh one
    admin = await makeUser(t.db, 'admin');
    res = await send();
  }
  const sent = `${route.method} ${urlOf(route, request)} ${JSON.stringify(request.body)?.slice(0, 500) ?? ''}`;
  expect(res.statusCode, `${sent} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as Record<string, unknown>;
    expect(codes.has(body.code as string), `${sent} → code ${String(body.code)}`).toBe(true);
    expect(typeof body.message === 'string' && body.message.length > 0, `${sent} → message`).toBe(true);
    expect(typeof body.requestId === 'string' && body.requestId.length > 0, `${sent} → requestId`).toBe(true);
  }
}

const hostileParams = ['2147483648', '9999999999999999999999', '-1', '1.5', '\u0000', '\ud800', '__proto__'];
const hostileSorts = ['__proto__', '-constructor', 'toString', 'x'.repeat(41)];

function wellFormed(route: Route, seed: number): Request {
  const params = Object.fromEntries(route.params.map((p) => [p.name, sample(p.schema, seed)]));
  const query = Object.fromEntries(route.query.filter((p) => p.required).map((p) => [p.name, sample(p.schema, seed)]));
  return { params, query, body: route.body ? sample(route.body, seed) : undefined };
}

/** The deterministic pass: each known hostile class in each leaf of a well-formed request. */
function* probes(route: Route, seed: number): Generator<Request> {
  const base = wellFormed(route, seed);
  for (const p of route.params) for (const v of hostileParams) yield { ...base, params: { ...base.params, [p.name]: v } };
  for (const p of route.query) {
    const values = p.name === 'sort' ? hostileSorts : [...probeValues(p.schema), ...(p.schema.type === 'string' ? [] : ['abc'])];
    for (const v of values) yield { ...base, query: { ...base.query, [p.name]: v } };
  }
  if (route.body) {
    for (const leaf of leaves(route.body)) for (const v of probeValues(leaf.schema)) yield { ...base, body: setAt(base.body, leaf.path, v) };
    for (const v of [null, 'x', [], 42, [base.body], JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')])
      yield { ...base, body: v };
  }
}

function arbitraryRequest(route: Route): fc.Arbitrary<Request> {
  const params = fc.record(Object.fromEntries(route.params.map((p) => [p.name, fc.oneof(valid(p.schema), fc.constantFrom(...hostileParams))])));
  const query = fc.record(Object.fromEntries(route.query.map((p) => [p.name, p.name === 'sort' ? fc.constantFrom(...hostileSorts) : mixed(p.schema)])), {
    requiredKeys: [],
  });
  const body = route.body ? mixed(route.body) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

const seedOf = (route: Route) => [...`${route.method} ${route.path}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** Every integer leaf of a request schema that is not bounded by the column it lands in. */
function unboundedIntegers(s: Schema, path: string): string[] {
  const own = s.type === 'integer' && !((s.maximum ?? Infinity) <= int32Max || s.format === 'int64') ? [path] : [];
  return [
    ...own,
    ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => unboundedIntegers(v, `${path}.${k}`)),
    ...(s.items ? unboundedIntegers(s.items, `${path}[]`) : []),
    ...(s.anyOf ?? s.oneOf ?? []).flatMap((b) => unboundedIntegers(b, path)),
  ];
}

describe('contract fuzz: no input the schemas see gives a 5xx', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(150);
  });
  it('bounds every integer a request may carry: ≤ 2147483647, or int64 (a bigint column) — decision 034', () => {
    const found = routes.flatMap((r) => [
      ...[...r.params, ...r.query].flatMap((p) => unboundedIntegers(p.schema, `${r.method} ${r.path} ${p.in}:${p.name}`)),
      ...(r.body ? unboundedIntegers(r.body, `${r.method} ${r.path} body`) : []),
    ]);
    expect(found).toEqual([]);
  });
  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      for (const request of probes(route, seedOf(route))) await check(route, request);
      await fc.assert(
        fc.asyncProperty(arbitraryRequest(route), (request) => check(route, request)),
        { numRuns: 6, seed: seedOf(route), endOnFailure: true },
      );
    });
  }
});
