import { defineConfig } from 'vite';

/** Bundles the gateway (and the schema and server-rendering code it imports) into dist/server. */
export default defineConfig({
  root: process.cwd(),
  build: {
    ssr: 'gateway/src/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    copyPublicDir: false,
  },
  ssr: {
    // Dependencies stay in node_modules, except the icon package: its CommonJS build would load a
    // second copy of MUI and Emotion whose styles never reach the server-rendered page.
    noExternal: ['@mui/icons-material'],
  },
});
