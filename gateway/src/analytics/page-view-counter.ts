import type { RequestHandler } from 'express';
import { type AnalyticsRecorder, countedPage, countryFromAcceptLanguage, referrerHost, UNKNOWN_COUNTRY } from '../../../schema/src/index.js';
import { isPageNavigation, isReaderRequest, readerKey } from './reader-request.js';

export interface PageViewCounterOptions {
  recorder: AnalyticsRecorder;
  /** The site's address: referrers on its host are the reader moving between pages, not a source. */
  siteUrl: string;
}

/**
 * Counts page views on the server, mounted before the response cache so cached answers count too.
 * A view is a reader's GET of a reader page (page-templates.ts) answered with the page (200) or
 * with "your copy is current" (304, the browser shows the page it holds). Bots, prefetches, HEAD,
 * the newsroom and everything that is not a page are not counted. The reader's browser runs no
 * script for it.
 */
export function countPageViews({ recorder, siteUrl }: PageViewCounterOptions): RequestHandler {
  const siteHost = new URL(siteUrl).hostname;
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const page = countedPage(req.path);
    if (!page || !isPageNavigation(req) || !isReaderRequest(req)) return next();
    res.on('finish', () => {
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      if (!(res.statusCode === 200 && html) && res.statusCode !== 304) return;
      recorder.recordView({
        ...page,
        reader: readerKey(req),
        referrerHost: referrerHost(req.get('referer'), [siteHost, req.hostname]),
        country: countryFromAcceptLanguage(req.get('accept-language')) ?? UNKNOWN_COUNTRY,
      });
    });
    next();
  };
}
