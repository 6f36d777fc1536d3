import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** The browser bundle: hashed assets under /assets, a manifest for the server's preload links. */
export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react()],
  build: {
    outDir: path.resolve(webRoot, '../dist/client'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: { input: path.join(webRoot, 'index.html') },
  },
  server: { middlewareMode: true },
  appType: 'custom',
});
