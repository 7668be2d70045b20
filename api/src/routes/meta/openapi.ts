import { z } from 'zod';
import { errorEnvelopeSchema, successEnvelopeSchema } from '@ideamine/shared/envelope';
import { API_BASE } from '@ideamine/shared/limits';
import { describeRequirement } from '@ideamine/shared/permissions';
import type { Route } from '../define';

// The OpenAPI 3.1 document, generated from the same route list and zod contract the API runs on
// (zod's own JSON Schema output, which is the dialect OpenAPI 3.1 uses).

const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid input; error.field names the field',
  401: 'Missing, invalid or expired access token',
  403: 'Signed in but lacking the role or permission (or the trial has expired)',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Body is not JSON (or multipart/form-data where accepted)',
  429: 'Rate limited; see Retry-After',
};

type JsonSchema = Record<string, unknown>;

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/**
 * zod's JSON Schema for one schema. Named schemas (zod .meta({id})) are moved into `components`
 * and referenced from there, as OpenAPI expects.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  const defs = (out.$defs ?? {}) as Record<string, JsonSchema>;
  delete out.$schema;
  delete out.$defs;
  const rewrite = <T>(value: T): T =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;
  for (const [name, def] of Object.entries(defs)) components[name] = rewrite(def);
  return rewrite(out);
}

function parameters(schema: JsonSchema | undefined, where: 'path' | 'query') {
  const object = (schema ?? {}) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: s,
  }));
}

function errorStatuses(r: Route): number[] {
  const isPublic = r.requirement.kind === 'public';
  return Object.keys(ERROR_STATUSES)
    .map(Number)
    .filter((s) => {
      if (s === 401) return !isPublic || r.id === 'auth.refresh' || r.id === 'auth.login';
      if (s === 403) return !isPublic;
      if (s === 413 || s === 415) return !!r.body;
      return true;
    });
}

function describe(r: Route): string {
  const lines = [`Requires: ${describeRequirement(r.requirement)}.`];
  if (r.multipart) {
    const m = r.multipart;
    lines.push(
      `Send JSON, or multipart/form-data with the JSON fields in the \`${m.dataField}\` part and ` +
        `\`${m.fileField}\`: ${m.fileDescription}.`,
    );
  }
  if (r.rawResponse) lines.push('Answers the bytes themselves on success; errors are JSON envelopes.');
  return lines.join(' ');
}

/** JSON, plus multipart/form-data for routes that take a file. */
function requestContent(r: Route, body: JsonSchema) {
  const content: Record<string, unknown> = { 'application/json': { schema: body } };
  if (r.multipart) {
    const { dataField, fileField } = r.multipart;
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: { [dataField]: body, [fileField]: { type: 'string', format: 'binary' } },
      },
      encoding: { [dataField]: { contentType: 'application/json' } },
    };
  }
  return content;
}

const rawContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]));

export function buildOpenApiDocument(routes: readonly Route[], version: string) {
  const components: Record<string, JsonSchema> = {};
  const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => toJsonSchema(schema, io, components);
  const optional = (schema: z.ZodType | undefined) => (schema ? jsonSchema(schema, 'input') : undefined);
  const errorEnvelope = jsonSchema(errorEnvelopeSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = API_BASE + toOpenApiPath(r.path);
    const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      operationId: r.id,
      summary: r.summary,
      description: describe(r),
      tags: [r.tag],
      ...(r.requirement.kind === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      parameters: [...parameters(optional(r.params), 'path'), ...parameters(optional(r.query), 'query')],
      ...(r.body ? { requestBody: { required: true, content: requestContent(r, jsonSchema(r.body, 'input')) } } : {}),
      responses: {
        [r.successStatus ?? 200]: r.rawResponse
          ? { description: r.rawResponse.description, content: rawContent(r.rawResponse.types) }
          : { description: 'Success', content: json(jsonSchema(successEnvelopeSchema(r.response), 'output')) },
        ...Object.fromEntries(
          errorStatuses(r).map((s) => [s, { description: ERROR_STATUSES[s], content: json(errorEnvelope) }]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ideamine API',
      version,
      description:
        'Every response is an envelope {status, data, meta?, error?}. Send the access token as "Authorization: Bearer <token>".',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
