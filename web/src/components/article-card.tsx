import styled from '@emotion/styled';
import { keyframes } from '@emotion/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ArticleCard_ArticleFragment } from '../graphql/graphql';
import { madeOnce } from '../theme/made-once';
import { AgeLabel } from './age-label';
import { CaptionLine } from './caption-line';
import { BadgeChip, BreakingChip } from './chip';
import { ARTICLE_KIND_LABELS } from '../lib/article-kinds';
import { ChipLink } from './chip-link';
import { ReadingTimeCaption } from './reading-time';
import { ResponsiveImage } from './responsive-image';
import { belowTheFold } from '../theme/below-the-fold';

const rise = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

/** The grid cell around a card that may start below the fold (its estimate: a card on a phone). */
export const OFFSCREEN_CARD_SX = belowTheFold(420);

// A page shows up to a dozen cards: their parts are styled once (theme/made-once.ts), as MUI's
// outlined Card, CardContent and Typography looked.
const Card = styled('article')(
  madeOnce({
    position: 'relative',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    bgcolor: 'background.paper',
    color: 'text.primary',
    border: 1,
    borderColor: 'divider',
    borderRadius: 'var(--mui-shape-borderRadius)',
    // The delay is set on the element's own style: in the class it would make one class per card.
    animation: `${rise} 500ms ease-out both`,
    transition: 'box-shadow 200ms, transform 200ms',
    '&:hover': { boxShadow: 6, transform: 'translateY(-2px)' },
    '&:focus-within': { boxShadow: 6 },
  }),
);
const CardContent = styled('div')(madeOnce({ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1, p: 2, '&:last-child': { pb: 3 } }));
const Title = styled('h3')(madeOnce({ m: 0, typography: 'h3', fontSize: '1.15rem', '&[data-compact]': { fontSize: '1rem' } }));
const Excerpt = styled('p')(madeOnce({ m: 0, typography: 'body2', color: 'text.secondary', flexGrow: 1 }));
const Byline = styled('div')(madeOnce({ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }));
const Badges = styled('div')(madeOnce({ display: 'flex', gap: 1, flexWrap: 'wrap', position: 'relative', zIndex: 1 }));
// Above the card's hit area (the title link's ::after), like the badges.
const AuthorLink = styled(RouterLink)(madeOnce({ position: 'relative', zIndex: 1, color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '2px' }));
const TitleLink = styled(RouterLink)(
  madeOnce({
    color: 'text.primary',
    textDecoration: 'none',
    '&:hover': { color: 'primary.main' },
    '&::after': { content: '""', position: 'absolute', inset: 0 },
  }),
);

export interface ArticleCardProps {
  article: ArticleCard_ArticleFragment;
  /** Entry animation delay (150 ms per card on home, 100 ms on category). */
  animationDelayMs?: number;
  headingLevel?: 'h2' | 'h3';
  sizes?: string;
  priority?: boolean;
  compact?: boolean;
}

export function ArticleCard({ article, animationDelayMs = 0, headingLevel = 'h3', sizes = '(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw', priority, compact }: ArticleCardProps) {
  return (
    <Card data-testid="article-card" style={{ animationDelay: `${animationDelayMs}ms` }}>
      {!compact && <ResponsiveImage src={article.imageUrl} alt="" sizes={sizes} priority={priority} fallbackSeed={Number(article.id)} />}
      <CardContent>
        <ArticleCardBadges article={article} />
        <Title as={headingLevel} data-compact={compact ? '' : undefined}>
          <StretchedTitleLink article={article} />
        </Title>
        {!compact && <Excerpt>{article.excerpt}</Excerpt>}
        {article.kind === 'SPONSORED' && article.sponsorName && <CaptionLine>Paid for by {article.sponsorName}</CaptionLine>}
        <Byline>
          <CaptionLine>
            {article.authorSlug ? <AuthorLink to={`/authors/${article.authorSlug}`}>{article.author}</AuthorLink> : article.author} · <AgeLabel publishedAt={article.publishedAt} />
          </CaptionLine>
          <ReadingTimeCaption minutes={article.readingMinutes} />
        </Byline>
      </CardContent>
    </Card>
  );
}

type CardArticle = Pick<ArticleCard_ArticleFragment, 'id' | 'title' | 'isBreaking' | 'category'> & Partial<Pick<ArticleCard_ArticleFragment, 'kind'>>;

/** The category chip (a link) and the Breaking chip, above the card's hit area. */
export function ArticleCardBadges({ article, children }: { article: CardArticle; children?: React.ReactNode }) {
  return (
    <Badges>
      {children}
      <ChipLink to={`/categories/${article.category.slug}`} tone="primary" label={article.category.name} />
      {article.isBreaking && <BreakingChip />}
      {article.kind && ARTICLE_KIND_LABELS[article.kind] && <BadgeChip tone="primary" label={ARTICLE_KIND_LABELS[article.kind]!} />}
    </Badges>
  );
}

/** The title link; its ::after stretches over the card so the whole card is the hit area. */
export function StretchedTitleLink({ article }: { article: CardArticle }) {
  return <TitleLink to={`/articles/${article.id}`}>{article.title}</TitleLink>;
}
