import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The hash of an empty <style> element: Emotion, in an island, creates empty style elements and
 * fills them through the CSSOM (insertRule), which CSP does not govern.
 */
export const EMPTY_STYLE_SOURCE = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

const common = {
  'default-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * The site's policy: scripts only from the site itself (no inline script runs), inline styles only
 * those whose hashes the page lists. No nonce: a page's bytes are the same for every reader, so
 * they can be cached and shared.
 */
function siteDirectives(styleSources: readonly string[]): Record<string, string[] | null> {
  return {
    ...common,
    'script-src': ["'self'"],
    'style-src': ["'self'", EMPTY_STYLE_SOURCE, ...styleSources],
    // React sets style attributes (animation delays, image sizes); they cannot run code.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    // Off: the site also runs over plain http on a developer's machine.
    'upgrade-insecure-requests': null,
  };
}

/** The Content-Security-Policy header of a rendered page that allows its own inline styles. */
export function pagePolicy(styleSources: readonly string[]): string {
  // A null directive is one helmet leaves out (upgrade-insecure-requests): so does this.
  return Object.entries(siteDirectives(styleSources))
    .flatMap(([name, values]) => (values === null ? [] : [`${name} ${values.join(' ')}`]))
    .join(';');
}

/** The security headers' lists: the site's, and the Apollo Sandbox page's (GET /graphql). */
export interface SecurityHeaderLists {
  site: [string, string][];
  sandbox: [string, string][];
}

/**
 * Security headers for every response: a strict hash-based CSP for the site, a looser one only for
 * the Apollo Sandbox page at GET /graphql (it loads Apollo's hosted explorer), HSTS, nosniff,
 * a Referrer-Policy. `csp: false` is for the Vite development server, which injects inline scripts.
 * The lists are read once; the request gate chooses one by the route (routes/request-gate.ts).
 */
export function securityHeaderLists(options: { csp: boolean }): SecurityHeaderLists {
  const site = helmet({
    contentSecurityPolicy: options.csp
      ? { useDefaults: false, directives: siteDirectives([]) }
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
  return { site: headersOf(site), sandbox: headersOf(sandbox) };
}

/** Sets each header of a list on the response (names in lower case, as Node keys them). */
export function setHeaderList(res: ServerResponse, headers: readonly (readonly [string, string])[]): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/**
 * The headers a helmet middleware sets, read once: with fixed directives (no nonce, no function)
 * they are the same for every request, so they are set from a list rather than by running it again.
 */
export function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
    getHeader(name: string) {
      return headers.get(name);
    },
  };
  let failure: unknown;
  middleware({ method: 'GET', url: '/', headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // In lower case, as Node keys headers: setting a name already lower-cased makes no new string per request.
  return [...headers].map(([name, value]) => [name.toLowerCase(), value]);
}
