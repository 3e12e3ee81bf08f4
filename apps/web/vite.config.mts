import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));
const lib = (path: string) => `${workspace}libs/${path}/src/index.ts`;
// The dev server proxies to a running service (`npm start`); it keeps Host so the gateway's browser guard
// sees a loopback host, and its Origin matches because the page and /api share the dev server's origin.
const target = process.env.HUNTFORGE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  plugins: [react()],
  // The gateway replaces the placeholder with a fresh nonce per page load (CodeMirror's style elements carry it).
  html: { cspNonce: 'HUNTFORGE_CSP_NONCE' },
  resolve: {
    // Exact matches: a prefix alias would turn an area entry (@huntforge/contracts/sigma) into index.ts/sigma.
    alias: [
      { find: /^@huntforge\/contracts\/([a-z-]+)$/, replacement: `${workspace}libs/contracts/src/$1/index.ts` },
      { find: /^@huntforge\/contracts$/, replacement: lib('contracts') },
      { find: /^@huntforge\/api-client$/, replacement: lib('api-client') },
    ],
  },
  build: {
    outDir: `${workspace}dist/web`,
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/openapi.json': { target, changeOrigin: false },
      '/docs': { target, changeOrigin: false },
    },
  },
});
