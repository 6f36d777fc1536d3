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
    rolldownOptions: {
      output: {
        // Fedify's part of the site loads on demand (decision 136): its own chunk. Everything else is
        // one chunk, dist/server/assets/server-*.js, behind main.js, rather than a common chunk named
        // after whichever shared module rolldown picks.
        codeSplitting: { groups: [{ name: 'server', test: (id: string) => !/[\\/]gateway[\\/]src[\\/]federation[\\/](site-federation|remote-documents)\.ts$/.test(id) }] },
      },
      treeshake: {
        // An island's file holds its component (rendered here) and its browser mount (react-dom/client),
        // whose import would otherwise stay in the server bundle for its side effects: Node then
        // reads both React DOM client builds (development and production, about 2 MB of source held
        // for good) although the server never hydrates anything.
        moduleSideEffects: [{ test: /^react-dom\/client$/, external: true, sideEffects: false }],
      },
    },
  },
  ssr: {
    // Dependencies stay in node_modules, except the icon package: its CommonJS build would load a
    // second copy of MUI and Emotion whose styles never reach the server-rendered page.
    noExternal: ['@mui/icons-material'],
  },
});
