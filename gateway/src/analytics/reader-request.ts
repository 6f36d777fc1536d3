import type { Request } from 'express';
import { isbot } from 'isbot';
import { clientAddressKey } from '../security/rate-limits.js';

/**
 * Whether a request comes from a person's browser: not a crawler or a tool (isbot's list; no user
 * agent at all is a tool), and not a speculative load the reader may never see (a prefetch or
 * prerender, which browsers mark with Sec-Purpose or Purpose).
 */
export function isReaderRequest(req: Request): boolean {
  const agent = req.get('user-agent');
  if (!agent || isbot(agent)) return false;
  const purpose = `${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''} ${req.get('x-purpose') ?? ''} ${req.get('x-moz') ?? ''}`.toLowerCase();
  return !/prefetch|prerender|preview/.test(purpose);
}

/**
 * A reader opening a page: where the browser says what a request is for (Sec-Fetch-*), only a
 * navigation to a document counts, so the service worker's saved copies and script fetches do not.
 */
export function isPageNavigation(req: Request): boolean {
  const dest = req.get('sec-fetch-dest');
  const mode = req.get('sec-fetch-mode');
  return (dest === undefined || dest === 'document') && (mode === undefined || mode === 'navigate');
}

/**
 * Who is reading, for the day's visitor hash only (hashed as the view is recorded, never kept): the
 * address as the limits key it (an IPv6 client by its /56) and the user agent.
 */
export function readerKey(req: Request): string {
  return `${clientAddressKey(req)}\n${req.get('user-agent') ?? ''}`;
}
