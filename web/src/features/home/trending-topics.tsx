import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';

/** Static list: topics have no pages of their own yet, so they are plain text, not links. */
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
            <Chip label={topic} size="small" variant="outlined" />
          </li>
        ))}
      </Box>
    </Paper>
  );
}
