import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../lib/errors.js';

/**
 * The signed links of the newsletter (HMAC-SHA256 with NEWSLETTER_SECRET):
 * - confirm: `c.<subscriber>.<expires ms>.<nonce>.<mac>`, single-use through the stored nonce;
 * - manage: `m.<subscriber>.<mac>`, for one-click unsubscribe and the preference page, lasting.
 */
export interface ConfirmClaim {
  kind: 'confirm';
  subscriberId: number;
  expiresAt: number;
  nonce: string;
}
export interface ManageClaim {
  kind: 'manage';
  subscriberId: number;
}

const MAX_TOKEN_LENGTH = 200;

export class NewsletterTokens {
  constructor(private readonly secret: string) {}

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }

  confirmToken(subscriberId: number, expiresAt: number, nonce: string): string {
    const body = `c.${subscriberId}.${expiresAt}.${nonce}`;
    return `${body}.${this.mac(body)}`;
  }

  manageToken(subscriberId: number): string {
    const body = `m.${subscriberId}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claim of a genuine token; 400 naming `token` for anything forged, altered or malformed. */
  verify(token: unknown): ConfirmClaim | ManageClaim {
    const refuse = () => new ValidationError('This link is not valid: it may have been altered or cut short.', [{ field: 'token', message: 'Invalid or altered link' }]);
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw refuse();
    const at = token.lastIndexOf('.');
    if (at < 0) throw refuse();
    const body = token.slice(0, at);
    const given = Buffer.from(token.slice(at + 1));
    const expected = Buffer.from(this.mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
    const parts = body.split('.');
    if (parts[0] === 'c' && parts.length === 4) return { kind: 'confirm', subscriberId: Number(parts[1]), expiresAt: Number(parts[2]), nonce: parts[3] };
    if (parts[0] === 'm' && parts.length === 2) return { kind: 'manage', subscriberId: Number(parts[1]) };
    throw refuse();
  }
}
