# Production image: builds the client and server bundles, then runs on Node 24 LTS.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# Two allocation arenas: see serverEnv in scripts/server-flags.mjs.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The flags of scripts/server-flags.mjs (decision 028: a 192 MB heap keeps peak RSS under 300 MB).
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "--no-allocation-site-pretenuring", "--wasm-lazy-compilation", "--liftoff-only", "dist/server/main.js"]
