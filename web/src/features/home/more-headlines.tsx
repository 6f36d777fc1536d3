import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AgeLabel } from '../../components/age-label';
import type { ArticleCard_ArticleFragment } from '../../graphql/graphql';

/** The next stories after the Latest grid, as a compact list that fills the sidebar on desktop. */
export function MoreHeadlines({ articles }: { articles: readonly ArticleCard_ArticleFragment[] }) {
  const headingId = useId();
  if (!articles.length) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: 1.5 }}>
        More Headlines
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {articles.map((article) => (
          <Box component="li" key={article.id} sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}>
            <Box component={RouterLink} to={`/articles/${article.id}`} sx={{ color: 'text.primary', fontWeight: 600, textDecoration: 'none', '&:hover': { color: 'primary.main' } }}>
              {article.title}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
              {article.category.name} · <AgeLabel publishedAt={article.publishedAt} />
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
