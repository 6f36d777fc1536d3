import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { keyframes } from '@emotion/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ArticleCard_ArticleFragment } from '../graphql/graphql';
import { AgeLabel } from './age-label';
import { ReadingTime } from './reading-time';
import { ResponsiveImage } from './responsive-image';
import { belowTheFold } from '../theme/below-the-fold';

const rise = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

/** The grid cell around a card that may start below the fold (its estimate: a card on a phone). */
export const OFFSCREEN_CARD_SX = belowTheFold(420);

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
    <Card
      component="article"
      data-testid="article-card"
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        // The delay is set on the element's own style below: in the class it made one class (and one
        // copy of every rule here) per card.
        animation: `${rise} 500ms ease-out both`,
        transition: 'box-shadow 200ms, transform 200ms',
        '&:hover': { boxShadow: 6, transform: 'translateY(-2px)' },
        '&:focus-within': { boxShadow: 6 },
      }}
      style={{ animationDelay: `${animationDelayMs}ms` }}
    >
      {!compact && <ResponsiveImage src={article.imageUrl} alt="" sizes={sizes} priority={priority} fallbackSeed={Number(article.id)} />}
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <ArticleCardBadges article={article} />
        <Typography variant="h3" component={headingLevel} sx={{ fontSize: compact ? '1rem' : '1.15rem' }}>
          <StretchedTitleLink article={article} />
        </Typography>
        {!compact && (
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {article.excerpt}
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {article.author} · <AgeLabel publishedAt={article.publishedAt} />
          </Typography>
          <ReadingTime minutes={article.readingMinutes} />
        </Box>
      </CardContent>
    </Card>
  );
}

type CardArticle = Pick<ArticleCard_ArticleFragment, 'id' | 'title' | 'isBreaking' | 'category'>;

/** The category chip (a link) and the Breaking chip, above the card's hit area. */
export function ArticleCardBadges({ article, children }: { article: CardArticle; children?: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', position: 'relative', zIndex: 1 }}>
      {children}
      <Chip
        component={RouterLink}
        to={`/categories/${article.category.slug}`}
        clickable
        size="small"
        color="primary"
        variant="outlined"
        label={article.category.name}
      />
      {article.isBreaking && <Chip size="small" color="secondary" label="Breaking" />}
    </Box>
  );
}

/** The title link; its ::after stretches over the card so the whole card is the hit area. */
export function StretchedTitleLink({ article }: { article: CardArticle }) {
  return (
    <Box
      component={RouterLink}
      to={`/articles/${article.id}`}
      sx={{
        color: 'text.primary',
        textDecoration: 'none',
        '&:hover': { color: 'primary.main' },
        '&::after': { content: '""', position: 'absolute', inset: 0 },
      }}
    >
      {article.title}
    </Box>
  );
}
