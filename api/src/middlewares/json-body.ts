import type { Context } from 'koa';
import { ApiError } from '@ideamine/server/errors';

// Reads a JSON request body with a size cap. Only routes that declare a body call it, so a GET
// never reads one. No body at all counts as an empty object, so optional-only bodies may be left out.

export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || NaN);
  const chunked = ctx.get('transfer-encoding') !== '';
  if (!chunked && (!declared || Number.isNaN(declared))) return {};
  if (!ctx.is('application/json', 'application/*+json')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)');
  }
  if (declared > limitBytes) throw tooLarge(limitBytes);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw tooLarge(limitBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('INVALID_JSON', `The request body is not valid JSON: ${(err as Error).message}`);
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The request body is larger than the limit of ${Math.round(limit / 1024)} KB`,
  );
}
