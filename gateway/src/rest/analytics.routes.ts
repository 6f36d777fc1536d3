import express, { Router } from 'express';
import {
  ANALYTICS_RANGES,
  type AnalyticsRecorder,
  countedPage,
  countryFromAcceptLanguage,
  countryFromTimeZone,
  isAnalyticsRange,
  parseVitalsReport,
  ValidationError,
} from '../../../schema/src/index.js';
import { isReaderRequest } from '../analytics/reader-request.js';
import { vitalsLimit } from '../analytics/vitals-limit.js';
import { sendError } from '../middleware/error-response.js';
import type { ContextFor } from '../middleware/request-context.js';
import { requireRole } from './newsroom-access.js';
import { assertKnownParams } from './query-params.js';

/** A page's Web Vitals batch is a few hundred bytes; anything past this is refused with 413. */
export const VITALS_BODY_LIMIT = '4kb';
/** What navigator.sendBeacon sends for a string (text/plain), and JSON from other clients. */
const VITALS_TYPES = ['text/plain', 'application/json'];

export interface AnalyticsRoutesOptions {
  contextFor: ContextFor;
  recorder: AnalyticsRecorder;
  /** Web Vitals reports per address a minute (VITALS_RATE_LIMIT). */
  vitalsPerMinute?: number;
}

/**
 * POST /api/vitals: the browser's Web Vitals for the page it shows (204, nothing in the answer).
 * GET /api/admin/analytics?days=30|90: the owner's dashboard figures (admin role, never stored).
 */
export function analyticsRoutes({ contextFor, recorder, vitalsPerMinute }: AnalyticsRoutesOptions): Router {
  const router = Router();
  const countVitals = vitalsLimit(vitalsPerMinute);

  router.post(
    '/vitals',
    (req, res, next) => {
      countVitals(req);
      if (!req.is(VITALS_TYPES)) {
        sendError(res, 415, 'Content-Type must be text/plain or application/json');
        return;
      }
      next();
    },
    express.text({ type: VITALS_TYPES, limit: VITALS_BODY_LIMIT }),
    (req, res) => {
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
    },
  );

  router.get('/admin/analytics', requireRole(contextFor, 'analytics'), async (req, res) => {
    assertKnownParams(req.query, ['days']);
    const raw = req.query.days ?? String(ANALYTICS_RANGES[0]);
    const days = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!isAnalyticsRange(days)) {
      const message = `days must be one of: ${ANALYTICS_RANGES.join(', ')}`;
      throw new ValidationError(message, [{ field: 'days', message }]);
    }
    // What this process counted in the last few seconds is shown too.
    await recorder.flush().catch(() => undefined);
    res.json(await contextFor(req).services.analytics.dashboard(days, recorder.now()));
  });

  return router;
}
