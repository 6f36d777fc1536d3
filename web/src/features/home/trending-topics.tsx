import { useId } from 'react';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { ChipLink } from '../../components/chip-link';
import { ChipList } from '../../components/chip-list';
import { SidePanel } from '../../components/side-panel';
import { searchHref } from '../../lib/search-href';

/** Topics readers follow; each opens its search results. */
export const TRENDING_TOPICS = [
  'Generative AI regulation',
  'Quantum-safe encryption',
  'NBN fibre upgrades',
  'Ransomware attacks',
  'Lunar rover mission',
  'Electric vehicle charging',
] as const;

export function TrendingTopics() {
  const headingId = useId();
  return (
    <SidePanel aria-labelledby={headingId}>
      <h2 id={headingId}>
        <TrendingUpIcon color="secondary" aria-hidden="true" />
        Trending Topics
      </h2>
      <ChipList>
        {TRENDING_TOPICS.map((topic) => (
          <li key={topic}>
            <ChipLink to={searchHref({ q: topic })} label={topic} />
          </li>
        ))}
      </ChipList>
    </SidePanel>
  );
}
