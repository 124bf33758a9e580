/**
 * Generated hostile input for the route fuzz test: junk of every JSON type, strings that trip parsers
 * and databases, prototype-pollution payloads, and values shaped after a route's own zod schema (right
 * keys, wrong or borderline values) so the junk gets past the first validation layer and reaches the
 * handlers. Also the raw-text attacks JSON.stringify cannot produce: very deep nesting, bodies at and
 * over the size limit, broken JSON.
 */
import fc from 'fast-check';

/** Property names the pollution payloads set; none may ever appear on a plain object or array. */
export const POLLUTION_SENTINELS = ['polluted', 'isAdmin', 'fuzzRole'] as const;

const POLLUTION_TEXTS = [
  '{"__proto__":{"polluted":"yes","isAdmin":true,"fuzzRole":"admin"}}',
  '{"constructor":{"prototype":{"polluted":"yes","isAdmin":true}}}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":[{"polluted":"yes"}]}',
  '{"__proto__":{"toString":"polluted","valueOf":"polluted","hasOwnProperty":"polluted"}}',
  '{"__proto__":null}',
  '[{"__proto__":{"polluted":"yes"}}]',
];

/** JSON.parse makes `__proto__` an own property, so JSON.stringify sends it on as a key. */
export const pollutionPayload: fc.Arbitrary<unknown> = fc.constantFrom(...POLLUTION_TEXTS).map((text) => JSON.parse(text));

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202Eevil',
  '\r\n',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '１２３',
  '99999999999999999999999',
  '-1',
  '1.5',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  'javascript:alert(1)',
  "'; DROP TABLE candidates; --",
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '=cmd|\' /C calc\'!A0',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  '0000-00-00T00:00:00Z',
  '275760-09-13T00:00:00.001Z',
  '@',
  'a@b',
  'Europe/Nowhere',
  '🎉🎉🎉',
  'Ω≈ç√∫˜µ≤≥÷',
];

export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer().map(String),
  fc.double().map(String),
);

export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, 1e-300, 1e21),
  fc.integer(),
  fc.double({ noNaN: true }),
);

export const junkKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'length', '', 'id', 'userId', 'role'),
  fc.string({ maxLength: 12 }),
);

const junkScalar: fc.Arbitrary<unknown> = fc.oneof(junkString, junkNumber, fc.boolean(), fc.constant(null));

/** Any JSON value: scalars, arrays and objects nested a few levels, with pollution payloads among them. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(junkKey, tie('value'), { maxKeys: 4 }),
    pollutionPayload,
  ),
})).value;

/** Values the guided generator may borrow for ids and uuids, so junk also hits existing records. */
export interface KnownValues {
  ids: number[];
  uuids: string[];
}

interface ZodDef {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

function stringFormats(def: ZodDef): { formats: string[]; patterns: RegExp[] } {
  const formats: string[] = [];
  const patterns: RegExp[] = [];
  const collect = (d: ZodDef) => {
    if (typeof d.format === 'string') formats.push(d.format);
    if (d.pattern instanceof RegExp) patterns.push(d.pattern);
  };
  collect(def);
  for (const check of (def.checks as unknown[] | undefined) ?? []) collect(defOf(check));
  return { formats, patterns };
}

const isoDateTime = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
/** Addresses zod accepts (fc.emailAddress follows the RFC, whose odd characters zod refuses). */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,14}$/), fc.constantFrom('example.com', 'fuzz.io', 'mail.co.uk'))
  .map(([local, domain]) => `${local.replace(/\.+$/, '').replace(/\.{2,}/g, '.')}@${domain}`);

type Mode = 'clean' | 'mixed';

function stringLike(def: ZodDef, known: KnownValues, mode: Mode): fc.Arbitrary<unknown> {
  const { formats, patterns } = stringFormats(def);
  const valid: fc.Arbitrary<unknown>[] = [];
  if (formats.includes('uuid') || formats.includes('guid')) {
    valid.push(fc.uuid());
    if (known.uuids.length) valid.push(fc.constantFrom(...known.uuids));
  }
  if (formats.includes('email')) valid.push(plainEmail, plainEmail.map((e) => ` ${e.toUpperCase()} `));
  if (formats.includes('datetime')) valid.push(isoDateTime);
  if (patterns.some((p) => p.test('2026-01-31'))) valid.push(isoDateTime.map((iso) => iso.slice(0, 10)));
  if (!valid.length) {
    valid.push(
      fc.string({ minLength: 3, maxLength: 30 }).filter((text) => text.trim().length >= 3),
      fc.string({ unit: 'grapheme', minLength: 3, maxLength: 20 }).filter((text) => text.trim().length >= 3),
    );
  }
  if (mode === 'clean') return fc.oneof(...valid);
  const odd = formats.includes('email') ? fc.oneof(junkString, fc.emailAddress()) : junkString;
  return fc.oneof({ arbitrary: fc.oneof(...valid), weight: 3 }, { arbitrary: odd, weight: 1 });
}

/**
 * Values shaped like `schema`, in three kinds: clean (plausible everywhere, so the handler runs), clean
 * but for one field set to junk (so each field's handling is tried on its own), and mixed (junk at any
 * depth, stray keys and pollution payloads in objects).
 */
export function shapedLike(schema: unknown, known: KnownValues): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const clean = shapedByType(def, known, 0, 'clean');
  const keys = def.type === 'object' ? Object.keys(def.shape as object) : [];
  const oneJunkField = fc
    .tuple(clean, keys.length ? fc.oneof(fc.constantFrom(...keys), junkKey) : junkKey, junkValue)
    .map(([value, key, junk]) => (value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: junk } : junk));
  return fc.oneof(
    { arbitrary: clean, weight: 3 },
    { arbitrary: oneJunkField, weight: 3 },
    { arbitrary: mixed(schema, known, 0), weight: 3 },
    { arbitrary: junkValue, weight: 1 },
  );
}

function mixed(schema: unknown, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shapedByType(defOf(schema), known, depth, 'mixed'), weight: 8 }, { arbitrary: junkValue, weight: 1 });
}

function shapedByType(def: ZodDef, known: KnownValues, depth: number, mode: Mode): fc.Arbitrary<unknown> {
  if (depth > 6) return junkValue;
  const inner = (schema: unknown) => (mode === 'clean' ? shapedByType(defOf(schema), known, depth + 1, mode) : mixed(schema, known, depth + 1));
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)]));
      // Optional fields come and go; in mixed mode any field may be missing and strays come along.
      const record = fc.record(fields, {
        requiredKeys: Object.entries(shape)
          .filter(([, value]) => mode === 'clean' && !['optional', 'default', 'prefault'].includes(defOf(value).type))
          .map(([key]) => key),
      });
      if (mode === 'clean') return record;
      const extra = fc.option(fc.oneof(fc.dictionary(junkKey, junkValue, { maxKeys: 2 }), pollutionPayload), { nil: undefined });
      return fc
        .tuple(record, extra)
        .map(([own, stray]) => (stray && typeof stray === 'object' && !Array.isArray(stray) ? { ...stray, ...own } : own));
    }
    case 'record':
      return fc.dictionary(mode === 'clean' ? fc.string({ minLength: 1, maxLength: 12 }) : junkKey, inner(def.valueType), { maxKeys: 5 });
    case 'array':
      return fc.array(inner(def.element), { minLength: mode === 'clean' ? 1 : 0, maxLength: 4 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional': {
      const innerValue = inner(def.innerType);
      if (mode === 'clean' && def.type !== 'nullable') return innerValue;
      return fc.oneof({ arbitrary: innerValue, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
    }
    case 'pipe':
      return inner(def.in);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'string':
      return stringLike(def, known, mode);
    case 'number': {
      const options: fc.Arbitrary<unknown>[] = [fc.integer({ min: 1, max: 20 })];
      if (known.ids.length) options.push(fc.constantFrom(...known.ids));
      if (mode === 'mixed') options.push(junkNumber, fc.integer({ min: -2, max: 1000 }));
      if (mode === 'mixed' && def.coerce) options.push(fc.integer({ min: -2, max: 100_000 }).map(String));
      return fc.oneof(...options);
    }
    case 'boolean':
      return mode === 'clean' ? fc.boolean() : fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1));
    default:
      // unknown, any, custom: anything goes.
      return junkValue;
  }
}

/** A raw request body: JSON text that JSON.stringify would never write, or that is not JSON at all. */
export function rawBodyAttacks(limitBytes: number, stringKeys: string[]): fc.Arbitrary<string> {
  const key = stringKeys.length ? fc.constantFrom(...stringKeys) : fc.constant('x');
  const depth = fc.constantFrom(64, 1_000, 20_000, 200_000);
  const size = fc.constantFrom(64 * 1024, limitBytes - 4096, limitBytes + 1);
  return fc.oneof(
    // Deep nesting inside a field the route reads, and at the top.
    fc.tuple(key, depth).map(([k, d]) => `{${JSON.stringify(k)}:${'['.repeat(d)}${']'.repeat(d)}}`),
    fc.tuple(key, depth).map(([k, d]) => `{${JSON.stringify(k)}:${'{"a":'.repeat(d)}1${'}'.repeat(d)}}`),
    depth.map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
    // Huge strings up to and just over the body limit, ASCII and multi-byte.
    fc.tuple(key, size, fc.constantFrom('x', 'é', '😀', '\\u0000')).map(([k, n, unit]) => {
      const unitBytes = unit === '\\u0000' ? 6 : Buffer.byteLength(unit);
      return `{${JSON.stringify(k)}:"${unit.repeat(Math.max(0, Math.floor((n - k.length - 8) / unitBytes)))}"}`;
    }),
    // Many keys, duplicate keys, broken and non-JSON text.
    fc.constant(`{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
    key.map((k) => `{${JSON.stringify(k)}:1,${JSON.stringify(k)}:"twice","__proto__":{"polluted":"yes"}}`),
    key.map((k) => `{"${k}\\u0000":1,"__pro\\u0074o__":{"polluted":"yes"}}`),
    fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":1e999999}', '\uFEFF{}', '{"a":"\\ud800"}', '', 'null', '[]'),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}
