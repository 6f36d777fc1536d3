import { randomBytes } from 'node:crypto';
import type { NewsletterSettings } from '../../../schema/src/index.js';
import type { Config } from '../config/config.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { consumingLimit } from '../security/rate-limits.js';

const HOUR_SECONDS = 3600;
/** Without NEWSLETTER_SECRET (development, tests): links signed by this process alone. */
const processSecret = randomBytes(32).toString('hex');

/** The newsletter's sender (named in every e-mail), link secret and per-client limit of subscription requests. */
export function newsletterSettings(config: Config, redis: SharedRedis | null): NewsletterSettings {
  const perHour = config.newsletter.ratePerHour;
  return {
    sender: { siteUrl: config.siteUrl, siteName: config.siteName, contactEmail: config.contactEmail, contactPhone: config.contactPhone || undefined },
    secret: config.newsletter.secret ?? processSecret,
    limiter: consumingLimit({
      name: 'newsletter',
      points: perHour,
      windowSeconds: HOUR_SECONDS,
      redis,
      message: `Too many subscription requests from your network: at most ${perHour} an hour. Please try again later.`,
    }),
  };
}
