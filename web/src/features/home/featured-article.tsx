import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ArticleCardBadges, StretchedTitleLink } from '../../components/article-card';
import { ResponsiveImage } from '../../components/responsive-image';
import type { ArticleCard_ArticleFragment } from '../../graphql/graphql';
import { ReadingTime } from '../../components/reading-time';
import { AgeLabel } from '../../components/age-label';

/** The lead story, shown large above the latest articles. Its image is the page's LCP element. */
export function FeaturedArticle({ article }: { article: ArticleCard_ArticleFragment }) {
  return (
    <Card component="article" variant="outlined" data-testid="featured-article" sx={{ position: 'relative', borderRadius: 3, '&:focus-within': { boxShadow: 6 } }}>
      <ResponsiveImage
        src={article.imageUrl}
        alt=""
        sizes="(min-width: 1200px) 780px, (min-width: 900px) 66vw, 100vw"
        priority
        fallbackSeed={Number(article.id)}
      />
      <CardContent sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <ArticleCardBadges article={article}>
          <Chip label="Featured" size="small" color="primary" />
        </ArticleCardBadges>
        <Typography variant="h2" component="h2" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
          <StretchedTitleLink article={article} />
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: { md: '1.05rem' } }}>
          {article.excerpt}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" component="p">
            By {article.author} · <AgeLabel publishedAt={article.publishedAt} />
          </Typography>
          <ReadingTime minutes={article.readingMinutes} variant="body2" />
        </Box>
      </CardContent>
    </Card>
  );
}
