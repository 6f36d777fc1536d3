export const MIN_SENTENCE_LENGTH = 11;

/**
 * Splits article text into sentences, one paragraph each; fragments of 10 characters or fewer
 * are dropped. Splits after . ! or ? (and a closing quote) before white space.
 */
export function splitSentences(content: string): string[] {
  return content
    .split(/(?<=[.!?]['"’”]?)\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= MIN_SENTENCE_LENGTH);
}
