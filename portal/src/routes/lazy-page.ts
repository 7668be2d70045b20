import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on first visit, so a visitor's first page does not download every screen.
 * The Shell's Suspense boundary shows the loading state meanwhile.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as unknown as M[K];
}
