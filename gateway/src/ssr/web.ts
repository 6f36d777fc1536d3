import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { GraphQLError } from 'graphql';
import { asDomainError, getGraphQLSchema, ServiceUnavailableError } from '../../../schema/src/index.js';
// A static import: a dynamic one would be a chunk that imports the server's entry back, which
// deadlocks on the entry's top-level await in the built server.
import { colorSchemeFromCookie, render as builtRender, type RenderOptions, type RenderResult } from '../../../web/src/entry-server.js';
import { cacheProfiles, FEED, IMMUTABLE_ASSET, NO_STORE, REVALIDATED_ASSET } from '../cache/cache-profiles.js';
import { type Config, publicConfig } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { pagePolicy } from '../security/security-headers.js';
import { RenderQueue } from '../media/render-queue.js';
import { busyPage } from './busy-page.js';
import { htmlDocument } from './html-document.js';
import { type InquiryFormAnswer, inquiryFormRoutes } from './inquiry-form.routes.js';
import { projectRoot } from './project-root.js';
import { createFailedLink, createSsrLink } from './ssr-link.js';

type Render = (options: RenderOptions) => Promise<RenderResult>;

/** Retry-After of the busy page: a render takes well under a second, the queue drains in a few. */
const PAGE_RETRY_AFTER_SECONDS = 2;
const PAGES_BUSY = 'Too many pages are being prepared right now. Please try again in a moment.';

/**
 * How the web app is served:
 * - built: production; hashed assets from dist/client, the server bundle's renderer.
 * - vite: development; Vite middleware with hot reload renders from the sources.
 * - source: tests; renders from the sources without a browser bundle.
 */
export type WebMode = 'built' | 'vite' | 'source';

export interface WebOptions {
  config: Config;
  contextFor: ContextFor;
  mode?: WebMode;
  /** Send the page's own Content-Security-Policy (off only for the Vite development server). */
  csp?: boolean;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Island name -> the module files it needs (its chunk and the chunks it imports), from Vite's manifest. */
export function islandPreloads(manifest: Record<string, ManifestChunk>): Map<string, string[]> {
  const files = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key) || !manifest[key]) return [];
    seen.add(key);
    return [`/${manifest[key].file}`, ...(manifest[key].imports ?? []).flatMap((k) => files(k, seen))];
  };
  const preloads = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const name = /([^/]+)\.island\.tsx?$/.exec(key)?.[1];
    if (name) preloads.set(name, files(key));
  }
  return preloads;
}

/**
 * The error that failed a page, when one of its queries failed on the server's side: a 5xx domain
 * error (503: the database unreachable or busy) or an error that is no domain error at all (a bug).
 * Not-found and bad-input errors are the page's to show.
 */
export function serverFailure(errors: readonly GraphQLError[]): unknown {
  let bug: unknown = null;
  for (const e of errors) {
    const original = unwrapResolverError(e);
    const domain = asDomainError(original);
    if (domain && domain.httpStatus >= 500) return original;
    if (!domain && e.originalError && !bug) bug = original;
  }
  return bug;
}

export async function createWeb({ config, contextFor, mode, csp = true }: WebOptions): Promise<RequestHandler[]> {
  const root = projectRoot();
  const webRoot = path.join(root, 'web');
  const resolvedMode: WebMode = mode ?? (config.env === 'production' ? 'built' : 'vite');
  const schema = await getGraphQLSchema();
  const siteConfig = publicConfig(config);
  const handlers: RequestHandler[] = [];

  let loadTemplate: (url: string) => Promise<string>;
  /** The schema explorer's page (GraphiQL, a second entry of the client build). */
  let loadExplorer: (url: string) => Promise<string>;
  let loadRender: () => Promise<Render>;
  let preloadsOf: (islands: string[]) => string[] = () => [];

  if (resolvedMode === 'built') {
    const clientDir = path.join(root, 'dist/client');
    const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const preloads = islandPreloads(manifest);
    preloadsOf = (islands) => [...new Set(islands.flatMap((name) => preloads.get(name) ?? []))];
    const render = builtRender;
    loadTemplate = async () => template;
    loadRender = async () => render;
    const explorer = await readFile(path.join(clientDir, 'graphiql.html'), 'utf8');
    loadExplorer = async () => explorer;
    handlers.push(
      // Assets were compressed at build (brotli 11, gzip 9): serve those files, never compress per request.
      expressStaticGzip(clientDir, {
        // "/" is the home page, rendered below: never the HTML template.
        index: false,
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        serveStatic: {
          index: false,
          setHeaders(res, filePath) {
            // Hashed file names never change: cache for a year. Everything else revalidates.
            const hashed = filePath.startsWith(path.join(clientDir, 'assets'));
            res.setHeader('Cache-Control', hashed ? IMMUTABLE_ASSET : REVALIDATED_ASSET);
          },
        },
      }),
    );
  } else if (resolvedMode === 'vite') {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    handlers.push(vite.middlewares);
    loadTemplate = async (url) => vite.transformIndexHtml(url, await readFile(path.join(webRoot, 'index.html'), 'utf8'));
    loadExplorer = async (url) => vite.transformIndexHtml(url, await readFile(path.join(webRoot, 'graphiql.html'), 'utf8'));
    loadRender = async () => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render;
  } else {
    const render = builtRender;
    const template = await readFile(path.join(webRoot, 'index.html'), 'utf8');
    const explorer = await readFile(path.join(webRoot, 'graphiql.html'), 'utf8');
    loadTemplate = async () => template;
    loadExplorer = async () => explorer;
    loadRender = async () => render;
  }

  // GraphiQL at /graphiql: the same bytes for everyone, under the site's policy (no inline script or style).
  handlers.push(async (req, res, next) => {
    if (req.path !== '/graphiql' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const html = await loadExplorer(req.originalUrl);
    res.setHeader('ETag', `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`);
    res.setHeader('Cache-Control', FEED);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200).type('html').send(html);
  });

  // Uncached pages render a few at a time (cached ones never reach here): a burst waits in a short
  // queue, and beyond it gets the busy page, built once, with Retry-After (or the last good copy).
  const pageRenders = new RenderQueue({ ...config.pageRenders, retryAfterSeconds: PAGE_RETRY_AFTER_SECONDS, message: PAGES_BUSY });
  const busy = busyPage(siteConfig);
  const busyAnswer = async (res: Response): Promise<Buffer> => {
    if (csp) res.setHeader('Content-Security-Policy', busy.csp);
    return busy.body;
  };

  /** The site's own error page for a failed render (503: the news is briefly unavailable; 500). */
  const renderErrorPage = async (req: Request, res: Response, status: number): Promise<string> => {
    const render = await loadRender();
    const link = createFailedLink(status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR');
    const page = await render({ url: req.originalUrl, link, config: siteConfig, failure: status });
    const { html, styleSources } = htmlDocument(await loadTemplate(req.originalUrl), page, siteConfig, preloadsOf(page.islands), colorSchemeFromCookie(req.headers.cookie));
    if (csp) res.setHeader('Content-Security-Policy', pagePolicy(styleSources));
    return html;
  };

  /** The error page, rendered in turn with the pages; the busy page when the queue is full. */
  const errorPageFor =
    (req: Request, res: Response) =>
    (status: number): Promise<string | Buffer> =>
      pageRenders.run(() => renderErrorPage(req, res, status)).catch((error: unknown) => {
        if (error instanceof ServiceUnavailableError) return busyAnswer(res);
        throw error;
      });

  const renderPage: RequestHandler = async (req: Request, res, next) => {
    // A posted contact or offer form is answered with its page (inquiry-form.routes.ts).
    const form = res.locals.inquiryForm as InquiryFormAnswer | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD' && !form) return next();
    // Refused when the queue is full: the error handler sends the busy page, never a render.
    res.locals.errorPage = () => busyAnswer(res);
    await pageRenders.run(() => renderOne(req, res, form));
  };

  const renderOne = async (req: Request, res: Response, form: InquiryFormAnswer | undefined): Promise<void> => {
    const render = await loadRender();
    const errors: GraphQLError[] = [];
    const link = createSsrLink(schema, () => contextFor(req), { exposeInternals: config.env !== 'production', onError: (e) => errors.push(e) });
    const page = await render({ url: req.originalUrl, link, config: siteConfig, inquiry: form?.outcome });
    // A page whose data failed on the server's side (the database unreachable, a bug) is not a 200
    // page with an apology in it: the error handler answers with the last good copy or a 503/500
    // error page, never stored.
    const failure = serverFailure(errors);
    if (failure) {
      res.locals.errorPage = errorPageFor(req, res);
      throw failure;
    }
    const { html, styleSources } = htmlDocument(await loadTemplate(req.originalUrl), page, siteConfig, preloadsOf(page.islands), colorSchemeFromCookie(req.headers.cookie));
    if (csp) res.setHeader('Content-Security-Policy', pagePolicy(styleSources));
    // The colour scheme cookie picks the page's theme: shared caches keep a copy per cookie.
    res.vary('Cookie');
    if (form || page.status !== 200) {
      res.status(form?.status ?? page.status).type('html').setHeader('Cache-Control', NO_STORE).send(html);
      return;
    }
    res.setHeader('ETag', `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`);
    res.setHeader('Cache-Control', cacheProfiles(config.responseCacheTtlMs).page);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200).type('html').send(html);
  };
  handlers.push(inquiryFormRoutes(contextFor), renderPage);
  return handlers;
}
