import { z } from 'zod';
import type { FieldProblem } from './errors.js';

/** Control characters other than tab and line breaks have no place in stored text. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 pair on its own cannot be stored. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Line breaks of any kind: a single-line field has none. */
export const LINE_BREAK = /[\r\n\u2028\u2029]/;

/**
 * A zod error as the field problems of a ValidationError: one per offending field, unknown keys
 * each named. `field` names the value itself when it was not an object.
 */
export function fieldProblems(error: z.ZodError, field = 'body'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.push({ field: key, message: `Unknown field "${key}"` });
    } else {
      problems.push({ field: issue.path.map(String).join('.') || field, message: issue.message });
    }
  }
  return problems;
}

/** "Invalid <what>: title, category" from the problems, each field named once. */
export function invalidMessage(what: string, problems: readonly FieldProblem[]): string {
  return `Invalid ${what}: ${[...new Set(problems.map((p) => p.field))].join(', ')}`;
}

/** An http(s) URL of at most `max` characters, or false: no other scheme (javascript:, data:) is a link. */
export function isWebUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !url.username && !url.password;
}

/** The earliest and latest dates accepted (cursors and feeds need a four-digit year after 1970). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59);

/**
 * A date and time: a Date (GraphQL's DateTimeISO) or an ISO 8601 string with a time zone (JSON),
 * between 1970 and 9999; null stays null (each field says what null means).
 */
export function dateTime(field: string) {
  const message = `${field} must be an ISO 8601 date and time with a time zone, e.g. 2026-11-24T09:00:00+11:00`;
  return z
    .union([z.date({ error: message }), z.string({ error: message }).trim().pipe(z.iso.datetime({ offset: true, error: message }))])
    .transform((value) => new Date(value))
    .refine((date) => !Number.isNaN(date.getTime()) && date.getTime() >= EARLIEST && date.getTime() <= LATEST, `${field} must fall between 1970 and 9999`)
    .nullable();
}

/** Required single- or multi-line text, trimmed, at most `max` characters, without control characters. */
export function requiredText(label: string, max: number, { singleLine = true }: { singleLine?: boolean } = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} contains control characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} contains invalid characters`)
    .refine((value) => !singleLine || !LINE_BREAK.test(value), `${label} must be a single line`);
}

/** Leaves out keys whose value is undefined (GraphQL input objects may carry every field). */
export function definedOnly(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));
}

/** "The <what> must be a JSON object" when the body is not one. */
export function objectError(what: string) {
  return { error: (issue: { code: string }) => (issue.code === 'invalid_type' ? `The ${what} must be a JSON object` : undefined) };
}
