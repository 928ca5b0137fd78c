import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserGroup } from '../../domain/codes.js';
import type { DB } from '../db/schema.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';

// docs/decisions.md#http-key-binding: every route's own schema, mutated (wrong types, missing, extra and prototype keys, huge
// strings, NUL and unicode, SQL and HTML metacharacters, huge, negative and fractional numbers, nesting),
// sent as an admin and anonymously: never a 500, and a refused request changes no row.

const RUNS_PER_ROUTE = 40;
const SEED = 20_240_613;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};

const toJsonSchema = (schema: unknown): JsonSchema | undefined =>
  schema && typeof schema === 'object' && '_zod' in schema
    ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;

/** A plausible value of the schema: the starting point the mutations break. Ids point nowhere. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.allOf?.[schema.allOf.length - 1] ?? schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sample(branch, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child, depth + 1)]),
      );
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'string':
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
    case 'integer':
    case 'number':
      return 999_999;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.default ?? {};
  }
}

// JSON.stringify cannot write these; markers are swapped for the raw text after stringifying.
const RAW = [
  '1e999',
  '-1e999',
  '-0',
  '1e-400',
  '123456789012345678901234567890',
  '0.0000001',
  '9007199254740993',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const rawMarker = (i: number) => `@@raw${i}@@`;
const protoMarker = (i: number) => `@@proto${i}@@`;

const hostileString = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    "admin'--",
    '%_%',
    '\\',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg/onload=alert(1)>',
    '\u0000',
    'a\u0000b',
    '\u202e\u200f\u200b',
    '😀👨‍👩‍👧‍🦰',
    '\ud800',
    '   ',
    '',
    '=cmd|calc!A1',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    'true',
    'null',
  ),
  fc.constantFrom('x'.repeat(5_000), 'é'.repeat(20_000), 'y'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.5,
    -0.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 1,
  ),
  fc.constantFrom(Number.MAX_VALUE, Number.MIN_VALUE, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.integer({ min: 0, max: RAW.length - 1 }).map(rawMarker),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [[[[]]]], { a: { b: { c: {} } } }) },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 4 }),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'proto'; pick: number; key: number; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace'), pick: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete'), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra'),
      pick: fc.nat(),
      key: fc.oneof(
        fc.string({ maxLength: 10 }),
        hostileString.filter((s) => s.length < 100),
      ),
      value: hostileValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('proto'),
      pick: fc.nat(),
      key: fc.nat(PROTO_KEYS.length - 1),
      value: fc.oneof(hostileValue, fc.constant({ isAdmin: true, polluted: 1 })),
    }),
  },
);

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number };

/** Every place in the value a mutation can touch (including the whole body, parent undefined). */
function slots(root: { body: unknown }): Slot[] {
  const found: Slot[] = [{ parent: root as Record<string, unknown>, key: 'body' }];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      found.push({ parent: value as Record<string, unknown>, key: Array.isArray(value) ? Number(key) : key });
      walk(child);
    }
  };
  walk(root.body);
  return found;
}

const containers = (root: { body: unknown }): (Record<string, unknown> | unknown[])[] => {
  const found: (Record<string, unknown> | unknown[])[] = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    found.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) walk(child);
  };
  walk(root.body);
  return found;
};

// Generated values share objects (constants): each insertion gets its own copy, so no cycle forms.
const copy = (value: unknown) => (value === undefined ? undefined : structuredClone(value));

/** The base value with the mutations applied, as JSON text (prototype keys and raw numbers included). */
function mutate(base: unknown, mutations: Mutation[]): string {
  const root = { body: structuredClone(base) };
  for (const m of mutations) {
    if (m.kind === 'replace' || m.kind === 'delete') {
      const all = slots(root);
      const slot = all[m.pick % all.length] as Slot;
      if (m.kind === 'replace') (slot.parent as Record<string | number, unknown>)[slot.key] = copy(m.value);
      else if (slot.parent === (root as unknown)) root.body = undefined;
      else if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete slot.parent[slot.key as string];
    } else {
      const objects = containers(root).filter((c) => !Array.isArray(c)) as Record<string, unknown>[];
      if (objects.length === 0) root.body = {};
      const target = (objects.length ? objects[m.pick % objects.length] : root.body) as Record<
        string,
        unknown
      >;
      if (m.kind === 'extra') target[m.key] = copy(m.value);
      else target[protoMarker(m.key)] = copy(m.value);
    }
  }
  let text = JSON.stringify(root.body) ?? '';
  RAW.forEach((raw, i) => {
    text = text.replaceAll(`"${rawMarker(i)}"`, raw);
  });
  PROTO_KEYS.forEach((key, i) => {
    text = text.replaceAll(`"${protoMarker(i)}"`, `"${key}"`);
  });
  return text;
}

/**
 * Every table but the audit log (the trail of refused attempts may grow); typed as a record so a new
 * table must be listed here or the type check fails.
 */
const FINGERPRINTED: Record<Exclude<keyof DB, 'auditLog'>, true> = {
  appSettings: true,
  cacheVersions: true,
  lookupItems: true,
  organizations: true,
  demographics: true,
  demographicIndustries: true,
  demographicSupplyChainRoles: true,
  functionalRoleAliases: true,
  users: true,
  assessments: true,
  assessmentSections: true,
  roadmaps: true,
  sections: true,
  questions: true,
  choices: true,
  assessmentInvites: true,
  assessmentResults: true,
  answers: true,
  benchmarks: true,
  oneTimePasscodes: true,
  userTokens: true,
  mailQueue: true,
  assessmentDrafts: true,
  progressRounds: true,
  shareLinks: true,
  actions: true,
  reminderSends: true,
};

/** A hash of every row of every table above: equal before and after means no row changed. */
async function fingerprint(app: FastifyInstance): Promise<string> {
  // Mail queued by earlier calls is marked sent by the sender loop on its own time: let it finish first.
  await app.deps.mailer.sender.settled();
  const hash = createHash('sha256');
  for (const table of Object.keys(FINGERPRINTED) as (keyof typeof FINGERPRINTED)[]) {
    const rows = await app.deps.db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}:${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

/** Every UTF-8 byte escaped (lone surrogates become U+FFFD), so any generated text makes a valid path. */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

type Route = { method: string; url: string; body?: JsonSchema; params?: JsonSchema; bodyZod: boolean };

function fuzzableRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  for (const route of app.apiRoutes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const body = toJsonSchema(route.schema?.body);
    const params = toJsonSchema(route.schema?.params) ?? toJsonSchema(route.schema?.querystring);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if ((method === 'POST' && body) || params)
        routes.push({ method, url: route.url, body, params, bodyZod: body !== undefined });
    }
  }
  return routes;
}

describe.each(testDialects())('fuzzing every route on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);

  it('never answers 500, and a refused request changes no row', { timeout: 180_000 }, async () => {
    const app = await appPromise;
    await app.ready();
    let admin = await buildUser(app, UserGroup.Admin);
    let address = 0;
    const nextAddress = () => {
      address++;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    };
    const isRefused = (res: Awaited<ReturnType<typeof api>>) => {
      if (res.statusCode >= 400) return true;
      try {
        return res.json().isSuccess === false;
      } catch {
        return false;
      }
    };

    const routes = fuzzableRoutes(app);
    expect(routes.length).toBeGreaterThan(50);
    const tried: Record<string, number> = {};
    const failures: string[] = [];
    const statuses: Record<string, number> = {};

    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const baseBody = route.body ? sample(route.body) : undefined;
      const baseParams = route.params ? (sample(route.params) as Record<string, unknown>) : {};
      const send = (input: { body: string; params: Record<string, unknown> }, token?: string) => {
        const url = route.url.replace(/:(\w+)/g, (_, key: string) =>
          percentEncoded(String(input.params[key] ?? '')),
        );
        return api(app, {
          method: route.method as 'POST',
          url,
          token,
          remoteAddress: nextAddress(),
          ...(route.method === 'POST'
            ? { headers: { 'content-type': 'application/json' }, payload: input.body }
            : {}),
        });
      };
      const inputArb = fc.record({
        body: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => mutate(baseBody, ms)),
        params: route.params
          ? fc.record(
              Object.fromEntries(
                Object.keys(baseParams).map((key) => [
                  key,
                  fc.oneof(fc.constant(baseParams[key]), hostileString, hostileNumber),
                ]),
              ),
            )
          : fc.constant({}),
      });

      const refused: { input: { body: string; params: Record<string, unknown> }; token?: string }[] = [];
      let anyAccepted = false;
      const before = await fingerprint(app);
      await fc.assert(
        fc.asyncProperty(inputArb, async (input) => {
          for (const token of [admin.token, undefined]) {
            const res = await send(input, token);
            const key = `${token ? 'admin' : 'anon'} ${res.statusCode}`;
            statuses[key] = (statuses[key] ?? 0) + 1;
            if (res.statusCode >= 500) {
              failures.push(
                `${name} ${token ? 'admin' : 'anonymous'} ${res.statusCode}: ${input.body.slice(0, 300)}`,
              );
            }
            expect(res.statusCode, `${name} ${input.body.slice(0, 300)}`).toBeLessThan(500);
            if (isRefused(res)) refused.push({ input, token });
            else anyAccepted = true;
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      tried[name] = RUNS_PER_ROUTE;

      // One fingerprint pair per route; only when an accepted request may have changed rows are the
      // refused ones replayed as a batch of their own (and one by one if that batch changed anything).
      let changed = (await fingerprint(app)) !== before;
      if (changed && anyAccepted) {
        const replayBefore = await fingerprint(app);
        for (const r of refused) await send(r.input, r.token);
        changed = (await fingerprint(app)) !== replayBefore;
      } else if (changed) {
        failures.push(`${name}: rows changed although every request was refused`);
      }
      if (changed) {
        for (const r of refused) {
          const one = await fingerprint(app);
          const res = await send(r.input, r.token);
          if (isRefused(res) && (await fingerprint(app)) !== one)
            failures.push(
              `${name} changed rows although refused (${res.statusCode}): ${r.input.body.slice(0, 300)}`,
            );
        }
      }
      // A fuzzed call may have changed or removed the admin used here: carry on with a fresh one.
      const profile = await api(app, { method: 'GET', url: '/api/auth/profile', token: admin.token });
      if (profile.statusCode !== 200) admin = await buildUser(app, UserGroup.Admin);
    }

    const total = Object.values(tried).reduce((a, b) => a + b, 0);
    const summary = Object.entries(tried)
      .map(([route, n]) => `${route.replace(/^POST \/api/, '')}=${n}`)
      .join(' ');
    console.log(
      `fuzz ${dialect}: ${routes.length} routes, ${total} inputs (${total * 2} requests: admin + anonymous), ${RUNS_PER_ROUTE} per route; answers ${JSON.stringify(statuses)}; ${summary}`,
    );
    expect(failures).toEqual([]);
  });
});
