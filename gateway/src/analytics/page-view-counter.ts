import type { RequestHandler } from 'express';
import { agentName, type AnalyticsRecorder, countedPage, countryFromAcceptLanguage, referrerHost, UNKNOWN_COUNTRY } from '../../../schema/src/index.js';
import { isPageNavigation, isReaderRequest, readerKey } from './reader-request.js';

export interface PageViewCounterOptions {
  recorder: AnalyticsRecorder;
  /** The site's address: referrers on its host are the reader moving between pages, not a source. */
  siteUrl: string;
}

/** The text the site writes for agents: Markdown answers (at `.md` paths or by Accept) and /llms.txt. */
const isAgentText = (path: string, type: string) => type.startsWith('text/markdown') || (path === '/llms.txt' && type.startsWith('text/plain'));

/** Paths as counted: at most the length the aggregate keeps. */
const MAX_COUNTED_PATH = 200;

/**
 * Counts page views on the server, mounted before the response cache so cached answers count too.
 * A view is a reader's GET of a reader page (page-templates.ts) answered with the page (200) or
 * with "your copy is current" (304, the browser shows the page it holds). Bots, prefetches, HEAD,
 * the newsroom and everything that is not a page are not counted. The reader's browser runs no
 * script for it. Every other GET answered with the text for agents (200) counts as an agent read,
 * by the agent's name (agent-names.ts) and path.
 */
export function countPageViews({ recorder, siteUrl }: PageViewCounterOptions): RequestHandler {
  const siteHost = new URL(siteUrl).hostname;
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const page = countedPage(req.path);
    if (page && isPageNavigation(req) && isReaderRequest(req)) {
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
    } else if (req.path.length <= MAX_COUNTED_PATH) {
      res.on('finish', () => {
        if (res.statusCode !== 200 || !isAgentText(req.path, String(res.getHeader('content-type') ?? ''))) return;
        recorder.recordAgentRead({ agent: agentName(req.get('user-agent')), path: req.path });
      });
    }
    next();
  };
}
