import styled from '@emotion/styled';
import { ArticleCardBadges, StretchedTitleLink } from '../../components/article-card';
import { AgeLabel } from '../../components/age-label';
import { BadgeChip } from '../../components/chip';
import { readingTimeLabel } from '../../components/reading-time';
import { ResponsiveImage } from '../../components/responsive-image';
import type { ArticleCard_ArticleFragment } from '../../graphql/graphql';
import { madeOnce } from '../../theme/made-once';

const Featured = styled('article')(
  madeOnce({
    position: 'relative',
    overflow: 'hidden',
    bgcolor: 'background.paper',
    color: 'text.primary',
    border: 1,
    borderColor: 'divider',
    borderRadius: 3,
    '&:focus-within': { boxShadow: 6 },
    '& > div': { p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 },
    '& h2': { m: 0, typography: 'h2', fontSize: { xs: '1.5rem', md: '2rem' } },
    '& h2 + p': { m: 0, typography: 'body1', color: 'text.secondary', fontSize: { md: '1.05rem' } },
  }),
);
const Byline = styled('div')(
  madeOnce({
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: 1,
    flexWrap: 'wrap',
    '& > p': { m: 0, typography: 'body2', color: 'text.secondary' },
  }),
);

/** The lead story, shown large above the latest articles. Its image is the page's LCP element. */
export function FeaturedArticle({ article }: { article: ArticleCard_ArticleFragment }) {
  return (
    <Featured data-testid="featured-article">
      <ResponsiveImage src={article.imageUrl} alt="" sizes="(min-width: 1200px) 780px, (min-width: 900px) 66vw, 100vw" priority fallbackSeed={Number(article.id)} />
      <div>
        <ArticleCardBadges article={article}>
          <BadgeChip label="Featured" tone="primary" />
        </ArticleCardBadges>
        <h2>
          <StretchedTitleLink article={article} />
        </h2>
        <p>{article.excerpt}</p>
        <Byline>
          <p>
            By {article.author} · <AgeLabel publishedAt={article.publishedAt} />
          </p>
          <p data-testid="reading-time">{readingTimeLabel(article.readingMinutes)}</p>
        </Byline>
      </div>
    </Featured>
  );
}
