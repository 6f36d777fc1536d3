import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createTransport } from 'nodemailer';
import { createServices, isDatabaseUnavailable, type SendMail } from '../../../schema/src/index.js';

export const POLL_INTERVAL_MS = 5_000;

/** Messages the worker hands over per transaction; a full batch is followed by the next at once (digests). */
export const OUTBOX_BATCH = 100;

/** SMTP_URL as nodemailer reads it: `?pool=true` keeps connections open for large digests. */
export function smtpSender(smtpUrl: string): SendMail {
  const transport = createTransport(smtpUrl);
  return async (mail) => {
    // Named, not detected: nodemailer otherwise scans each part of each message to choose (a fifth
    // of a digest's sending time), and the parts are text and HTML either way.
    await transport.sendMail({ ...mail, textEncoding: 'quoted-printable' });
  };
}

/**
 * Polls the outbox and e-mails due notifications. Runs only when SMTP_URL is configured; without
 * it notifications wait in the outbox, none are lost.
 */
export function startOutboxWorker(options: { orm: MikroORM; send: SendMail; from: string; logger: Logger; intervalMs?: number; batchSize?: number }) {
  const batchSize = options.batchSize ?? OUTBOX_BATCH;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    let full = false;
    running = createServices(options.orm.em.fork())
      .outbox.deliverDue(options.send, options.from, new Date(), batchSize)
      .then((report) => {
        if (report.sent || report.failed) options.logger.info(report, 'outbox delivery');
        if (report.givenUp) options.logger.warn({ givenUp: report.givenUp }, 'digest messages given up after a day of failures');
        // A full batch means more are waiting (a digest): the next goes at once, not at the next poll.
        full = report.sent + report.failed >= batchSize;
      })
      .catch((error: unknown) => {
        // An unreachable database is the outage log's to report (a line per state change), not every tick's.
        if (isDatabaseUnavailable(error)) options.logger.debug({ err: error }, 'outbox delivery waits for the database');
        else options.logger.warn({ err: error }, 'outbox delivery failed; will retry');
      })
      .finally(() => {
        running = null;
        if (full) setImmediate(tick);
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? POLL_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
