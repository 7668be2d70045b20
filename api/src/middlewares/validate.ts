import type { z } from 'zod';
import { ownValue } from '@ideamine/shared/own';
import { ApiError } from '@ideamine/server/errors';

type Location = 'body' | 'query' | 'params';

/** Parses input with its contract schema; a failure is a 400 naming the field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, where: Location): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: `Unknown field '${key}'` }));
    }
    const field = issue.path.map(String).join('.') || where;
    return [{ field, message: describe(issue, field, valueAt(value, issue.path)) }];
  });
  const first = details[0]!;
  return fail(first.field, first.message, details);
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, key) => ownValue(v, key), root);
}

function describe(issue: z.core.$ZodIssue, field: string, input: unknown): string {
  if (issue.code === 'invalid_type' && input === undefined) return `${field} is required`;
  // Messages written in the contract already name the field; zod's defaults do not.
  return issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`;
}

function fail(field: string, message: string, details: { field: string; message: string }[]): never {
  throw new ApiError('VALIDATION_ERROR', message, field, undefined, details);
}
