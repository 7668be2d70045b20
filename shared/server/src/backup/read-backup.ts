import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, END_OF_TABLE, type BackupHeader, type TableManifest } from './format';

// Reads a backup file line by line. `inspectBackup` checks a whole file (format, version,
// structure, every table's row count and checksum) without touching any database, so a damaged
// or foreign file is refused before a restore starts.

export class BackupFileError extends Error {}

export interface InspectedBackup {
  header: BackupHeader;
  manifest: TableManifest[];
  columns: Record<string, string[]>;
}

export interface TableSection {
  table: string;
  columns: string[];
}

/** Calls `onTable` at each table and `onRow` for each row line (without its newline). */
export async function readBackup(
  path: string,
  handlers: {
    onTable?: (s: TableSection) => Promise<void>;
    onRow?: (line: string) => Promise<void> | void;
    onEndTable?: () => Promise<void>;
  } = {},
): Promise<InspectedBackup> {
  const lines = linesOf(path);
  let header: BackupHeader | undefined;
  let manifest: TableManifest[] | undefined;
  let section: TableSection | undefined;
  const columns: Record<string, string[]> = {};
  const seen: TableManifest[] = [];
  let hash = createHash('sha256');
  let rows = 0;
  try {
    for await (const line of lines) {
      if (!header) {
        header = parseHeader(line);
      } else if (section) {
        if (line === END_OF_TABLE) {
          seen.push({ table: section.table, rows, sha256: hash.digest('hex') });
          await handlers.onEndTable?.();
          section = undefined;
        } else {
          hash.update(`${line}\n`);
          rows++;
          await handlers.onRow?.(line);
        }
      } else if (manifest) {
        throw new BackupFileError('The file has data after its manifest');
      } else {
        const record = parseJson(line) as { table?: unknown; columns?: unknown; manifest?: unknown };
        if (typeof record.table === 'string' && Array.isArray(record.columns)) {
          section = { table: record.table, columns: record.columns.map(String) };
          columns[section.table] = section.columns;
          hash = createHash('sha256');
          rows = 0;
          await handlers.onTable?.(section);
        } else if (Array.isArray(record.manifest)) {
          manifest = record.manifest as TableManifest[];
        } else {
          throw new BackupFileError('The file holds an unknown record');
        }
      }
    }
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    if ((err as { code?: string }).code?.startsWith('Z_') || (err as Error).message.includes('header check'))
      throw new BackupFileError('The file is not a gzip-compressed Ideamine backup or is damaged');
    throw err;
  }
  if (!header) throw new BackupFileError('The file is empty');
  if (section || !manifest) throw new BackupFileError('The file is cut short: it has no manifest');
  if (JSON.stringify(seen) !== JSON.stringify(manifest))
    throw new BackupFileError('The file is damaged: its tables do not match their checksums');
  if (JSON.stringify(seen.map((s) => s.table)) !== JSON.stringify(header.tables))
    throw new BackupFileError('The file is damaged: its tables do not match its header');
  return { header, manifest, columns };
}

export const inspectBackup = (path: string) => readBackup(path);

/** The file's lines after gunzip; read or decompression errors reject the loop. */
async function* linesOf(path: string): AsyncGenerator<string> {
  const source = createReadStream(path);
  const gunzip = createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    rest += decoder.write(chunk);
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      yield rest.slice(0, end);
      rest = rest.slice(end + 1);
    }
  }
  rest += decoder.end();
  if (rest) yield rest;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupFileError('The file is not an Ideamine backup or is damaged');
  }
}

function parseHeader(line: string): BackupHeader {
  const h = parseJson(line) as Partial<BackupHeader>;
  if (h?.format !== BACKUP_FORMAT) throw new BackupFileError('The file is not an Ideamine backup');
  if (h.version !== BACKUP_VERSION) throw new BackupFileError(`Backup format version ${h.version} is not supported`);
  if (!Array.isArray(h.migrations) || !Array.isArray(h.tables))
    throw new BackupFileError('The backup header is damaged');
  return h as BackupHeader;
}
