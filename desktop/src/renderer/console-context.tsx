import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { DesktopApi, DesktopSettings } from '@ideamine/shared/ipc';
import type { ConnectionState, Connectivity } from './cache/connectivity';
import type { SnapshotCollector } from './cache/collector';

// What the console's own screens share: the preload API, the settings, the connection state
// and the snapshot collector.

export interface ConsoleServices {
  api: DesktopApi;
  connectivity: Connectivity;
  collector: SnapshotCollector;
  settings: DesktopSettings;
  saveSettings(patch: Partial<DesktopSettings>): Promise<DesktopSettings>;
}

const Context = createContext<ConsoleServices | null>(null);

export function ConsoleProvider(props: { services: ConsoleServices; children: ReactNode }) {
  return <Context.Provider value={props.services}>{props.children}</Context.Provider>;
}

export function useConsole(): ConsoleServices {
  const services = useContext(Context);
  if (!services) throw new Error('useConsole outside ConsoleProvider');
  return services;
}

export function useConnection(): ConnectionState {
  const { connectivity } = useConsole();
  const [state, setState] = useState(connectivity.current);
  useEffect(() => connectivity.subscribe(setState), [connectivity]);
  return state;
}
