import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ArticleCardBadges, StretchedTitleLink } from '../../components/article-card';
import type { ArticleCard_ArticleFragment } from '../../graphql/graphql';
import { AgeLabel } from '../../components/age-label';
import { formatLongDate } from '../../lib/dates';

/**
 * One result: category badge, title link, the passage that matched and its date. The snippet is
 * HTML from the search service, where every character but the <mark> elements is escaped.
 */
export function SearchResult({ article, snippet }: { article: ArticleCard_ArticleFragment; snippet: string }) {
  return (
    <Box
      component="article"
      data-testid="search-result"
      sx={{ position: 'relative', py: 2.5, borderBottom: 1, borderColor: 'divider', '&:focus-within': { bgcolor: 'action.hover' } }}
    >
      <ArticleCardBadges article={article} />
      <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.1rem', md: '1.25rem' }, mt: 1, mb: 0.75 }}>
        <StretchedTitleLink article={article} />
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="search-snippet"
        // The same highlight in both themes: dark text on pale amber passes AA contrast.
        sx={{ mb: 0.75, '& mark': { bgcolor: '#fde68a', color: '#1f2937', px: 0.25, borderRadius: 0.5 } }}
        dangerouslySetInnerHTML={{ __html: snippet }}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time> ·{' '}
        <AgeLabel publishedAt={article.publishedAt} />
      </Typography>
    </Box>
  );
}
