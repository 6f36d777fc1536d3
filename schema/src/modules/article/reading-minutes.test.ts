import { describe, expect, it } from 'vitest';
import { READING_WORDS_PER_MINUTE, readingMinutes } from './article.service.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('readingMinutes', () => {
  it('reads 230 words a minute, rounding up', () => {
    expect(READING_WORDS_PER_MINUTE).toBe(230);
    expect(readingMinutes(words(230))).toBe(1);
    expect(readingMinutes(words(231))).toBe(2);
    expect(readingMinutes(words(920))).toBe(4);
    expect(readingMinutes(words(921))).toBe(5);
  });

  it('is at least one minute, and counts words across any whitespace', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('  \n ')).toBe(1);
    expect(readingMinutes(`${words(200)}\n\n${words(40)}`)).toBe(2);
  });
});
