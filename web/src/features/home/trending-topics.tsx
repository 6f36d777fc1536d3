import { useId } from 'react';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { ChipLink } from '../../components/chip-link';
import { ChipList } from '../../components/chip-list';
import { SidePanel } from '../../components/side-panel';

/** At most this many topics are shown. */
export const TRENDING_TOPIC_LIMIT = 6;

interface TopicSource {
  category: { name: string; slug: string };
}

export interface TrendingTopic {
  name: string;
  slug: string;
  /** Stories of this topic among the newest ones. */
  stories: number;
}

/**
 * The topics of what the site has published lately: the categories of the newest stories, the
 * busiest first (ties: the one with the newer story). Every topic links to stories that exist,
 * never to an empty result.
 */
export function trendingTopics(newest: readonly TopicSource[], limit = TRENDING_TOPIC_LIMIT): TrendingTopic[] {
  const topics = new Map<string, TrendingTopic>();
  for (const { category } of newest) {
    const topic = topics.get(category.slug);
    if (topic) topic.stories += 1;
    else topics.set(category.slug, { name: category.name, slug: category.slug, stories: 1 });
  }
  // Map order is first appearance, i.e. newest story first; the sort is stable.
  return [...topics.values()].sort((a, b) => b.stories - a.stories).slice(0, limit);
}

export function TrendingTopics({ articles }: { articles: readonly TopicSource[] }) {
  const headingId = useId();
  const topics = trendingTopics(articles);
  if (topics.length === 0) return null;
  return (
    <SidePanel aria-labelledby={headingId}>
      <h2 id={headingId}>
        <TrendingUpIcon color="secondary" aria-hidden="true" />
        Trending Topics
      </h2>
      <ChipList>
        {topics.map((topic) => (
          <li key={topic.slug}>
            <ChipLink to={`/categories/${encodeURIComponent(topic.slug)}`} label={topic.name} />
          </li>
        ))}
      </ChipList>
    </SidePanel>
  );
}
