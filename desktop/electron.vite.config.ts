import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// The console in three builds: main (Node, better-sqlite3 left external as a native module),
// preload (one CommonJS file: sandboxed preloads cannot load modules) and the renderer (React,
// the portal's admin screens), into desktop/out.

export default defineConfig({
  main: {
    build: {
      outDir: resolve(import.meta.dirname, 'out/main'),
      externalizeDeps: true,
      rollupOptions: { input: resolve(import.meta.dirname, 'src/main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: resolve(import.meta.dirname, 'out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: resolve(import.meta.dirname, 'src/preload/index.ts'),
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react()],
    resolve: {
      // The portal's admin screens, by path (as tsconfig.base.json's paths).
      alias: [
        { find: /^@ideamine\/portal\/(.*)$/, replacement: `${resolve(import.meta.dirname, '../portal/src')}/$1` },
      ],
    },
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      chunkSizeWarningLimit: 4000,
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
  },
});
