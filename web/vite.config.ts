import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** The browser bundle: hashed assets under /assets, a manifest for the server's preload links. */
export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [
    react(),
    // Precompressed once at build (brotli 11 and gzip 9), so no request pays for compressing an asset.
    compression({
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      exclude: /\.map$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    outDir: path.resolve(webRoot, '../dist/client'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    // The site's pages, and the schema explorer at /graphiql (GraphiQL from npm, no CDN).
    rollupOptions: { input: { index: path.join(webRoot, 'index.html'), graphiql: path.join(webRoot, 'graphiql.html') } },
  },
  server: { middlewareMode: true },
  appType: 'custom',
});
