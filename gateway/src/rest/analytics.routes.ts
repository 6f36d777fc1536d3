import { Router } from 'express';
import {
  ANALYTICS_RANGES,
  type AnalyticsRecorder,
  countedPage,
  countryFromAcceptLanguage,
  countryFromTimeZone,
  isAnalyticsRange,
  parseVitalsReport,
  type Services,
  ValidationError,
} from '../../../schema/src/index.js';
import { isReaderRequest } from '../analytics/reader-request.js';
import type { ContextFor } from '../middleware/request-context.js';
import { type ConsumingLimit, clientAddressKey } from '../security/rate-limits.js';
import { assertKnownParams } from './query-params.js';

export interface AnalyticsRoutesOptions {
  contextFor: ContextFor;
  recorder: AnalyticsRecorder;
  /** Web Vitals reports per address a minute (analytics/vitals-limit.ts). */
  vitals: ConsumingLimit;
  /** Followers per fediverse account of the site (federation/site-federation.ts). */
  followerCounts?: (services: Services) => Promise<{ handle: string; name: string; followers: number }[]>;
}

/**
 * POST /api/vitals: the browser's Web Vitals for the page it shows (204, nothing in the answer).
 * GET /api/admin/analytics?days=30|90: the owner's dashboard figures and fediverse followers (admin role, never stored).
 * Both bodies and roles as their routes declare them (routes/route-table.ts).
 */
export function analyticsRoutes({ contextFor, recorder, vitals, followerCounts }: AnalyticsRoutesOptions): Router {
  const router = Router();

  router.post('/vitals', async (req, res) => {
    // Counted before the report is read: an invalid one counts too.
    await vitals.consume(clientAddressKey(req));
    let raw: unknown;
    try {
      raw = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      throw new ValidationError('Malformed JSON body: the request body is not valid JSON', [{ field: 'body', message: 'The report must be JSON' }]);
    }
    const report = parseVitalsReport(raw);
    const page = countedPage(new URL(report.path, 'http://site.invalid').pathname);
    // Bots' and the newsroom's reports are accepted and dropped: nothing to tell them.
    if (page && isReaderRequest(req)) {
      const fromLanguage = countryFromAcceptLanguage(req.get('accept-language'));
      recorder.recordVitals({
        template: page.template,
        metrics: report.metrics,
        countryFromZone: fromLanguage === null ? countryFromTimeZone(report.tz) : null,
      });
    }
    res.status(204).end();
  });

  router.get('/admin/analytics', async (req, res) => {
    assertKnownParams(req.query, ['days']);
    const raw = req.query.days ?? String(ANALYTICS_RANGES[0]);
    const days = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!isAnalyticsRange(days)) {
      const message = `days must be one of: ${ANALYTICS_RANGES.join(', ')}`;
      throw new ValidationError(message, [{ field: 'days', message }]);
    }
    // What this process counted in the last few seconds is shown too.
    await recorder.flush().catch(() => undefined);
    const { services } = contextFor(req);
    const [dashboard, followers] = await Promise.all([services.analytics.dashboard(days, recorder.now()), followerCounts ? followerCounts(services) : []]);
    res.json({ ...dashboard, fediverse: { followers } });
  });

  return router;
}
