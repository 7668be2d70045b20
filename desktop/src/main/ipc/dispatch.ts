import {
  IPC_CHANNELS,
  type IpcChannel,
  type IpcErrorBody,
  type IpcParsedArgs,
  type IpcResult,
} from '@ideamine/shared/ipc';
import { CacheError } from '../cache/snapshot-store';

// Every IPC call goes through here: the channel must exist, the argument must match its schema
// (the error names the field, as the API's do), then the handler runs. Electron's ipcMain and
// the browser tests' loopback bridge both call dispatchIpc.

export type IpcHandlers = { [C in IpcChannel]: (args: IpcParsedArgs<C>) => IpcResult<C> | Promise<IpcResult<C>> };

export class IpcError extends Error {
  constructor(readonly body: IpcErrorBody) {
    super(body.message);
  }
}

export const isIpcChannel = (channel: string): channel is IpcChannel => Object.hasOwn(IPC_CHANNELS, channel);

export async function dispatchIpc(handlers: IpcHandlers, channel: string, raw: unknown): Promise<unknown> {
  if (!isIpcChannel(channel)) throw new IpcError({ code: 'NOT_FOUND', message: `Unknown channel ${channel}` });
  const parsed = IPC_CHANNELS[channel].args.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || undefined;
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown field ${issue.keys.join(', ')}`
        : field && !issue.message.startsWith(field)
          ? `${field}: ${issue.message}`
          : issue.message;
    throw new IpcError({ code: 'VALIDATION_ERROR', message, ...(field ? { field } : {}) });
  }
  try {
    const handler = handlers[channel] as (args: unknown) => unknown;
    return await handler(parsed.data);
  } catch (error) {
    if (error instanceof IpcError) throw error;
    if (error instanceof CacheError) throw new IpcError({ code: error.code, message: error.message });
    throw new IpcError({ code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) });
  }
}
