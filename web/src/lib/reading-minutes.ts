/**
 * Words a minute, as the API's `readingMinutes` counts them (schema's READING_WORDS_PER_MINUTE; web
 * cannot import schema, so the preview's copy is checked against the API in e2e/newsroom.spec.ts).
 */
export const READING_WORDS_PER_MINUTE = 230;

/** The newsroom's preview shows the reading time of text not saved yet: the API's rule, at least 1. */
export function readingMinutes(text: string): number {
  const words = text.match(/\S+/g)?.length ?? 0;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}
