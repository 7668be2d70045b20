import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS } from '@ideamine/shared/ipc';
import { dispatchIpc, IpcError, type IpcHandlers } from './dispatch';

// Binds every channel of the map to ipcMain. Only the console's own page may call: a frame from
// anywhere else (it should never load one) is refused. Errors cross as JSON in the message, as
// Electron passes only an Error's message to the renderer.

export function registerIpc(handlers: IpcHandlers, isOwnPage: (url: string) => boolean): void {
  for (const channel of Object.keys(IPC_CHANNELS)) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, args: unknown) => {
      try {
        if (!isOwnPage(event.senderFrame?.url ?? ''))
          throw new IpcError({ code: 'FORBIDDEN', message: 'This page may not use the console API' });
        return await dispatchIpc(handlers, channel, args);
      } catch (error) {
        const body = error instanceof IpcError ? error.body : { code: 'INTERNAL_ERROR', message: String(error) };
        throw new Error(JSON.stringify(body));
      }
    });
  }
}
