import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The portal bundle. In development Vite serves it and forwards /api to the API server
// (API_URL, default http://127.0.0.1:3000); in production the API serves portal/dist at `/`.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Libraries every page needs in one file, not twenty: the browser opens only six
        // connections per host. Icon paths and chart code stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](?!@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/](generated|allPaths|paths-loaders)|echarts|zrender|@blueprintjs[\\/]table)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
