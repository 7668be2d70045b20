import { z } from 'zod';

// Pieces of the zod schemas that read operator list filters from the URL. The router parses
// search values as JSON, so ?search=123 arrives as a number: text params take it back as text.
// A bad value falls back to "no filter" rather than breaking the screen.

export const textParam = (max = 200) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(max).optional()).catch(undefined);

export const enumParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

export const sortParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values).default(fallback).catch(fallback);

export const orderParam = (fallback: 'asc' | 'desc' = 'desc') =>
  z.enum(['asc', 'desc']).default(fallback).catch(fallback);

export const positiveIntParam = () => z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);

/** A yes/no filter; the router keeps true and false in the URL as JSON booleans. */
export const booleanParam = () =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()).catch(undefined);

/** A yes/no filter as the API's query takes it. */
export const booleanQuery = (v: boolean | undefined) => (v === undefined ? undefined : v ? 'true' : 'false');

/** The choices of a yes/no filter select, as booleanQuery writes them. */
export const YES_NO = ['true', 'false'] as const;
