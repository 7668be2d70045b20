import fc from 'fast-check';

// Requests from the OpenAPI contract: for a JSON schema (as zod's toJSONSchema writes it), an
// arbitrary of values that satisfy it, and one of values that break it in the ways clients
// do: wrong types, missing and extra fields, numbers just past a bound, long and unicode
// strings, injection payloads.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export const NASTY_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0007',
  '𝓾𝓷𝓲𝓬𝓸𝓭𝓮 ☃ مرحبا 你好',
  '\u202e\ufeff',
  'a'.repeat(10_000),
  '',
  ' ',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  '%00%2e%2e%2f',
  '__proto__',
];

export class SchemaArbitraries {
  constructor(private readonly components: Record<string, JsonSchema>) {}

  private resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) s = this.components[s.$ref.replace('#/components/schemas/', '')] ?? {};
    return s;
  }

  /** Values the schema accepts (as far as a JSON schema can say: refinements may still refuse). */
  valid(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(input);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return fc.oneof(...variants.map((v) => this.valid(v, depth + 1)));
    if (s.allOf) return this.valid(Object.assign({}, ...s.allOf.map((v) => this.resolve(v))), depth + 1);
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
        const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1000);
        return fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
      }
      case 'number': {
        const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
        const max = s.maximum ?? s.exclusiveMaximum ?? 1000;
        return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'string':
        return this.validString(s);
      case 'array': {
        if (depth > 4) return fc.constant([]);
        return fc.array(this.valid(s.items ?? {}, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 3, 3),
        });
      }
      case 'object': {
        if (depth > 4) return fc.constant({});
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const shape: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(props)) shape[key] = this.valid(value, depth + 1);
        return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private validString(s: JsonSchema): fc.Arbitrary<string> {
    switch (s.format) {
      case 'email':
        return fc.emailAddress();
      case 'date-time':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      case 'uri':
      case 'url':
        return fc.webUrl();
      case 'uuid':
        return fc.uuid();
    }
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
    return fc.oneof(
      fc.string({ minLength: min, maxLength: max }),
      fc.constantFrom('https://example.test/', 'example.test', 'public', 'admin', '24h', 'desc', 'crawl', 'saas'),
    );
  }

  /** Values that break the schema. */
  invalid(input: JsonSchema): fc.Arbitrary<unknown> {
    const s = this.resolve(input);
    const wrongType = fc.oneof(
      fc.constant(null),
      fc.constant(true),
      fc.integer(),
      fc.constant(-1),
      fc.constant(2 ** 53),
      fc.constant(1e308),
      fc.constantFrom(...NASTY_STRINGS),
      fc.constant([]),
      fc.constant({}),
      fc.array(fc.constantFrom(...NASTY_STRINGS), { maxLength: 3 }),
    );
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === 'object' && s.properties && Object.keys(s.properties).length > 0) {
      const props = s.properties;
      const keys = Object.keys(props);
      return fc.oneof(
        wrongType,
        // One field of the wrong type or out of range, the rest valid.
        fc
          .tuple(
            this.valid(s) as fc.Arbitrary<Record<string, unknown>>,
            fc.constantFrom(...keys),
            fc.oneof(wrongType, this.pastBound(props)),
          )
          .map(([body, key, bad]) => ({
            ...body,
            [key]: typeof bad === 'function' ? (bad as (k: string) => unknown)(key) : bad,
          })),
        // A required field missing.
        ...(s.required?.length
          ? [
              fc
                .tuple(this.valid(s) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...s.required))
                .map(([body, key]) => {
                  const copy = { ...body };
                  delete copy[key];
                  return copy;
                }),
            ]
          : []),
        // An extra field.
        fc
          .tuple(
            this.valid(s) as fc.Arbitrary<Record<string, unknown>>,
            fc.constantFrom('is_admin', 'role', '__proto__', 'constructor', 'id', 'user_id'),
          )
          // A computed key makes __proto__ an own property, sent as JSON like any other.
          .map(([body, key]) => ({ [key]: true, ...body })),
      );
    }
    return fc.oneof(
      wrongType,
      this.valid(s).map((v) => (typeof v === 'number' ? -v - 1 : v)),
    );
  }

  /** A function of the field name giving a value just outside that field's bounds. */
  private pastBound(props: Record<string, JsonSchema>): fc.Arbitrary<(key: string) => unknown> {
    return fc.constant((key: string) => {
      const s = this.resolve(props[key] ?? {});
      if (s.maximum !== undefined) return s.maximum + 1;
      if (s.minimum !== undefined) return s.minimum - 1;
      if (s.exclusiveMinimum !== undefined) return s.exclusiveMinimum;
      if (s.maxLength !== undefined) return 'x'.repeat(s.maxLength + 1);
      if (s.maxItems !== undefined) return Array.from({ length: s.maxItems + 1 }, () => 'x');
      if (s.enum) return 'not-one-of-them';
      return NASTY_STRINGS[9];
    });
  }
}
