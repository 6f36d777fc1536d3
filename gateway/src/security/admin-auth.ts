import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The token of `Authorization: Bearer <token>`, or null for any other header (or none). */
export function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * True when the request carries `Authorization: Bearer <ADMIN_TOKEN>`. Both sides are hashed to
 * equal length first, so the comparison takes the same time whatever the input.
 */
export function hasAdminToken(req: Request, adminToken: string | null): boolean {
  if (!adminToken) return false;
  const token = bearerToken(req);
  if (!token) return false;
  return timingSafeEqual(digest(token), digest(adminToken));
}
