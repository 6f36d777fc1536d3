import { describe, expect, it } from 'vitest';
import { trendingTopics } from './trending-topics';

const story = (slug: string) => ({ category: { slug, name: slug.toUpperCase() } });

describe('trending topics', () => {
  it('are the categories of the newest stories, the busiest first and ties by the newer story, each with stories behind it', () => {
    const newest = [story('space'), story('ai'), story('cyber'), story('ai'), story('cyber'), story('quantum'), story('ai')];
    expect(trendingTopics(newest)).toEqual([
      { slug: 'ai', name: 'AI', stories: 3 },
      { slug: 'cyber', name: 'CYBER', stories: 2 },
      { slug: 'space', name: 'SPACE', stories: 1 },
      { slug: 'quantum', name: 'QUANTUM', stories: 1 },
    ]);
    expect(trendingTopics(newest, 2).map((t) => t.slug)).toEqual(['ai', 'cyber']);
  });

  it('are none when nothing is published', () => {
    expect(trendingTopics([])).toEqual([]);
  });
});
