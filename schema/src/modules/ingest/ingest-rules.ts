import { z } from 'zod';
import { ValidationError } from '../../lib/errors.js';
import committedRules from './ingest-rules.json' with { type: 'json' };

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a category slug');

const rulesSchema = z.strictObject({
  $comment: z.string().optional(),
  /** Per-feed default categories, by the feed's host (or a host it is under). */
  feeds: z.array(z.strictObject({ host: z.string().trim().toLowerCase().min(1), category: slug })).default([]),
  /** Words that put an item in a category, whatever its feed. */
  keywords: z.array(z.strictObject({ category: slug, words: z.array(z.string().trim().min(1)).min(1) })).default([]),
});

export type IngestRules = z.output<typeof rulesSchema>;

/** Rules from a JSON value, or a ValidationError naming what is wrong. */
export function parseIngestRules(raw: unknown): IngestRules {
  const parsed = rulesSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'rules', message: issue.message }));
    throw new ValidationError(`Invalid ingest rules: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
  }
  return parsed.data;
}

/** The committed rules (ingest-rules.json). */
export const INGEST_RULES: IngestRules = parseIngestRules(committedRules);

/** The hosts a feed is known by: where it was fetched from and the site it names. */
function hostsOf(...urls: (string | null | undefined)[]): string[] {
  const hosts: string[] = [];
  for (const url of urls) {
    try {
      if (url) hosts.push(new URL(url).hostname.toLowerCase().replace(/^www\./, ''));
    } catch {
      // A file path, or a link that is not a URL: names no host.
    }
  }
  return hosts;
}

/** The feed's default category from the rules: the first entry whose host is the feed's, or one it is under. */
export function feedDefaultCategory(rules: IngestRules, ...feedUrls: (string | null | undefined)[]): string | null {
  const hosts = hostsOf(...feedUrls);
  const entry = rules.feeds.find((f) => hosts.some((h) => h === f.host || h.endsWith(`.${f.host}`)));
  return entry?.category ?? null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A word or phrase as a whole word, in any case, spaces matching any whitespace or hyphen. */
function wordPattern(word: string): RegExp {
  const body = word.split(/\s+/).map(escapeRegExp).join('[\\s\\-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

const patterns = new WeakMap<IngestRules, { category: string; words: RegExp[] }[]>();

/**
 * The category the keyword rules give an item, or null: the rule whose words appear most (each
 * word once; in the title it counts twice), the first listed on a tie.
 */
export function keywordCategory(rules: IngestRules, item: { title: string; summary: string; categories: string[] }): string | null {
  let compiled = patterns.get(rules);
  if (!compiled) {
    compiled = rules.keywords.map((rule) => ({ category: rule.category, words: rule.words.map(wordPattern) }));
    patterns.set(rules, compiled);
  }
  const body = `${item.categories.join(' · ')}\n${item.summary.slice(0, 2_000)}`;
  let best: { category: string; score: number } | null = null;
  for (const rule of compiled) {
    let score = 0;
    for (const word of rule.words) {
      if (word.test(item.title)) score += 2;
      else if (word.test(body)) score += 1;
    }
    if (score > 0 && (!best || score > best.score)) best = { category: rule.category, score };
  }
  return best?.category ?? null;
}
