import busboy from 'busboy';
import type { Context } from 'koa';
import type { Config } from '@ideamine/server/config';
import { ApiError } from '@ideamine/server/errors';
import { readJsonBody } from './json-body';
import type { UploadedFile } from '@ideamine/server/storage/uploaded-file';

// Request bodies of routes that take a file: JSON as usual, or multipart/form-data with the JSON
// fields in one text part and at most one file. The file is held in memory, and its size cap is
// checked while it streams, so an oversized upload is refused before anything is stored.

/** How a route takes multipart bodies (declared on the route). */
export interface MultipartSpec {
  /** The text part holding the JSON fields, e.g. 'data'. */
  dataField: string;
  /** The one file part accepted, e.g. 'profile_file'. */
  fileField: string;
  /** Largest file in bytes. */
  maxFileBytes: (config: Config) => number;
  /** What the file must be, for the API reference. */
  fileDescription: string;
}

export type { UploadedFile };

export interface RouteBody {
  data: unknown;
  file: UploadedFile | null;
}

/** JSON, or multipart/form-data when the route allows it. */
export async function readRouteBody(ctx: Context, config: Config, multipart?: MultipartSpec): Promise<RouteBody> {
  if (multipart && ctx.is('multipart/form-data')) {
    return readMultipart(ctx, multipart, multipart.maxFileBytes(config), config.bodyLimitBytes);
  }
  try {
    return { data: await readJsonBody(ctx, config.bodyLimitBytes), file: null };
  } catch (err) {
    if (multipart && err instanceof ApiError && err.code === 'UNSUPPORTED_MEDIA_TYPE') {
      throw new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        'The request body must be JSON (Content-Type: application/json) or multipart/form-data',
      );
    }
    throw err;
  }
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const invalid = (message: string, field?: string) => new ApiError('VALIDATION_ERROR', message, field);

function readMultipart(ctx: Context, spec: MultipartSpec, maxFile: number, maxData: number): Promise<RouteBody> {
  const fileTooLarge = () =>
    new ApiError('PAYLOAD_TOO_LARGE', `${spec.fileField} is larger than the limit of ${kb(maxFile)}`, spec.fileField);

  // Boundaries and part headers add little; a declared length far past both caps cannot fit.
  const declared = Number(ctx.get('content-length') || NaN);
  if (declared > maxFile + maxData + 64 * 1024) throw fileTooLarge();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: ctx.req.headers,
      // busboy reports a size limit when a part reaches it, so one byte more means "over".
      // Two fields, so a stray second one is named below rather than dropped.
      limits: { files: 1, fields: 2, fileSize: maxFile + 1, fieldSize: maxData + 1 },
    });
  } catch (err) {
    throw invalid(`The multipart body is not valid: ${(err as Error).message}`);
  }

  return new Promise((resolve, reject) => {
    let data: unknown = {};
    let sawData = false;
    let file: UploadedFile | null = null;
    let settled = false;
    const fail = (err: ApiError) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      // Read and drop the rest, so the client finishes sending and gets the error reply.
      ctx.req.resume();
      reject(err);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== spec.fileField) {
        stream.resume();
        return fail(invalid(`Unknown file part '${name}'; send the file as ${spec.fileField}`, name));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(fileTooLarge()));
      stream.on('end', () => {
        // Browsers send an empty part with no file name when no file was chosen.
        if (!stream.truncated && (size > 0 || info.filename))
          file = { field: name, bytes: Buffer.concat(chunks, size) };
      });
    });

    parser.on('field', (name, value, info) => {
      if (name === spec.fileField) return fail(invalid(`${spec.fileField} must be a file part`, spec.fileField));
      if (name !== spec.dataField) {
        return fail(invalid(`Unknown field '${name}'; send the fields as JSON in ${spec.dataField}`, name));
      }
      if (sawData) return fail(invalid(`Send the fields once, as JSON in ${spec.dataField}`, spec.dataField));
      sawData = true;
      if (info.valueTruncated) {
        return fail(
          new ApiError(
            'PAYLOAD_TOO_LARGE',
            `${spec.dataField} is larger than the limit of ${kb(maxData)}`,
            spec.dataField,
          ),
        );
      }
      if (value.trim() === '') return;
      try {
        data = JSON.parse(value);
      } catch (err) {
        fail(
          new ApiError(
            'INVALID_JSON',
            `${spec.dataField} is not valid JSON: ${(err as Error).message}`,
            spec.dataField,
          ),
        );
      }
    });

    parser.on('filesLimit', () => fail(invalid(`Send one ${spec.fileField} only`, spec.fileField)));
    parser.on('fieldsLimit', () => fail(invalid(`Send the fields once, as JSON in ${spec.dataField}`, spec.dataField)));
    parser.on('error', (err) => fail(invalid(`The multipart body is malformed: ${(err as Error).message}`)));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ data, file });
    });
    ctx.req.on('error', () => fail(invalid('The request body ended early')));
    ctx.req.pipe(parser);
  });
}
