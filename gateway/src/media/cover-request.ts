/**
 * Parsing what a cover URL asks for: /media/covers/<key>?w=<width>&ratio=<ratio>, spelled once in
 * schema's cover-url. Anything outside its lists is refused with a ValidationError (400), so the
 * set of renderable variants per key stays small and known.
 */
import {
  ALLOWED_COVER_WIDTHS,
  COVER_KEY_PATTERN,
  COVER_RATIOS,
  DEFAULT_COVER_RATIO,
  DEFAULT_COVER_WIDTH,
  FALLBACK_COVER_COUNT,
  MAX_COVER_KEY_LENGTH,
  type CoverRatio,
  ValidationError,
} from '../../../schema/src/index.js';

/** The stock pool the web app falls back to: fallback-1 to fallback-8. */
export const STOCK_COVER_KEYS: ReadonlySet<string> = new Set(
  Array.from({ length: FALLBACK_COVER_COUNT }, (_, i) => `fallback-${i + 1}`),
);

export interface CoverRequest {
  key: string;
  width: number;
  ratio: CoverRatio;
}

const KEY_MALFORMED =
  'key is malformed: use lowercase letters, digits and single hyphens, optionally "<category>--<slug>" (e.g. cybersecurity--some-article)';
export const WIDTH_MESSAGE = `w must be one of ${ALLOWED_COVER_WIDTHS.join(', ')}`;
export const RATIO_MESSAGE = `ratio must be one of ${Object.keys(COVER_RATIOS).join(', ')}`;

function invalid(field: string, message: string): ValidationError {
  return new ValidationError(message, [{ field, message }]);
}

/** @throws ValidationError */
export function parseKey(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0) throw invalid('key', 'key is required');
  if (raw.length > MAX_COVER_KEY_LENGTH) throw invalid('key', `key must be at most ${MAX_COVER_KEY_LENGTH} characters`);
  if (!COVER_KEY_PATTERN.test(raw)) throw invalid('key', KEY_MALFORMED);
  return raw;
}

/** `w` query value; undefined means the default. Strict digits only, so "1024px" or "1e3" are refused. */
export function parseWidth(raw: unknown): number {
  if (raw === undefined) return DEFAULT_COVER_WIDTH;
  const width = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!ALLOWED_COVER_WIDTHS.includes(width)) throw invalid('w', WIDTH_MESSAGE);
  return width;
}

export function parseRatio(raw: unknown): CoverRatio {
  if (raw === undefined) return DEFAULT_COVER_RATIO;
  if (typeof raw === 'string' && Object.hasOwn(COVER_RATIOS, raw)) return raw as CoverRatio;
  throw invalid('ratio', RATIO_MESSAGE);
}

/**
 * Validates everything a cover URL carries; reports the first problem found.
 * @throws ValidationError
 */
export function parseCoverRequest(key: unknown, query: { w?: unknown; ratio?: unknown }): CoverRequest {
  return { key: parseKey(key), width: parseWidth(query.w), ratio: parseRatio(query.ratio) };
}
