import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createTransport } from 'nodemailer';
import { createServices, isDatabaseUnavailable, type SendMail } from '../../../schema/src/index.js';

export const POLL_INTERVAL_MS = 5_000;

export function smtpSender(smtpUrl: string): SendMail {
  const transport = createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail(mail);
  };
}

/**
 * Polls the outbox and e-mails due notifications. Runs only when SMTP_URL is configured; without
 * it notifications wait in the outbox, none are lost.
 */
export function startOutboxWorker(options: { orm: MikroORM; send: SendMail; from: string; logger: Logger; intervalMs?: number }) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = createServices(options.orm.em.fork())
      .outbox.deliverDue(options.send, options.from)
      .then((report) => {
        if (report.sent || report.failed) options.logger.info(report, 'outbox delivery');
      })
      .catch((error: unknown) => {
        // An unreachable database is the outage log's to report (a line per state change), not every tick's.
        if (isDatabaseUnavailable(error)) options.logger.debug({ err: error }, 'outbox delivery waits for the database');
        else options.logger.warn({ err: error }, 'outbox delivery failed; will retry');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? POLL_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
