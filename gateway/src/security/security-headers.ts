import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** The per-response nonce that lets the page's own inline script and Emotion's styles run. */
export function nonceFor(res: Response): string | undefined {
  return res.locals.cspNonce as string | undefined;
}

const common = {
  'default-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * Security headers for every response: a strict nonce-based CSP for the site, a looser one only for
 * the Apollo Sandbox page at GET /graphql (it loads Apollo's hosted explorer), HSTS, nosniff,
 * a Referrer-Policy. `csp: false` is for the Vite development server, which injects inline scripts.
 */
export function securityHeaders(options: { csp: boolean }): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  const site = helmet({
    contentSecurityPolicy: options.csp
      ? {
          useDefaults: false,
          directives: {
            ...common,
            'script-src': ["'self'", nonce],
            'style-src': ["'self'", nonce],
            // React sets style attributes (animation delays, image sizes); they cannot run code.
            'style-src-attr': ["'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'font-src': ["'self'", 'data:'],
            'connect-src': ["'self'"],
            'manifest-src': ["'self'"],
            'worker-src': ["'self'"],
            'upgrade-insecure-requests': null,
          },
        }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const sandbox = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...common,
        'script-src': ["'self'", "'unsafe-inline'", 'https://embeddable-sandbox.cdn.apollographql.com'],
        'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        'font-src': ["'self'", 'https://fonts.gstatic.com'],
        'img-src': ["'self'", 'data:', 'https://apollo-server-landing-page.cdn.apollographql.com'],
        'frame-src': ['https://sandbox.embed.apollographql.com'],
        'connect-src': ["'self'"],
        'manifest-src': ["'self'", 'https://apollo-server-landing-page.cdn.apollographql.com'],
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  return [
    (_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      next();
    },
    (req, res, next) => (req.path === '/graphql' && req.method === 'GET' ? sandbox(req, res, next) : site(req, res, next)),
  ];
}
