import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Link as RouterLink } from 'react-router-dom';
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
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <TrendingUpIcon color="secondary" aria-hidden="true" />
        Trending Topics
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {TRENDING_TOPICS.map((topic) => (
          <li key={topic}>
            <Chip component={RouterLink} to={searchHref({ q: topic })} clickable label={topic} size="small" variant="outlined" />
          </li>
        ))}
      </Box>
    </Paper>
  );
}
