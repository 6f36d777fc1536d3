import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatLongDate } from '../lib/dates';
import { splitSentences } from '../lib/sentences';
import { ReadingTime } from './reading-time';
import { ResponsiveImage } from './responsive-image';

export const SOURCE_LINK_TEXT = 'Do you want to know more? →';

/** What an article's body shows: the article page and the newsroom's preview render the same. */
export interface ArticleBodyContent {
  id: string;
  title: string;
  author: string;
  publishedAt: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  isBreaking: boolean;
  readingMinutes: number;
  sourceUrl: string | null;
  category: { name: string; slug: string };
}

/**
 * The article itself: category and breaking chips, headline, byline, cover, excerpt and the body one
 * sentence per paragraph (fragments of 10 characters or fewer dropped), then the source link.
 */
export function ArticleBody({ article, actions }: { article: ArticleBodyContent; actions?: ReactNode }) {
  const { category } = article;
  const paragraphs = splitSentences(article.content);
  return (
    <Box component="article">
      <Box component="header" sx={{ mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
          {/* A plain link: the body is also rendered inside the newsroom's island, which has no router. */}
          <Chip component="a" href={`/categories/${category.slug}`} clickable color="primary" label={category.name} />
          {/* Error red passes AA contrast with white text; the accent orange does not at chip size. */}
          {article.isBreaking && <Chip color="error" label="Breaking News" />}
        </Stack>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem', md: '2.5rem' }, mb: 2 }}>
          {article.title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" component="p">
            By{' '}
            <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {article.author}
            </Box>
            {' · '}
            <time dateTime={new Date(article.publishedAt).toISOString()}>{formatLongDate(article.publishedAt)}</time>
          </Typography>
          <ReadingTime minutes={article.readingMinutes} variant="body2" sx={{ mr: 'auto' }} />
          {actions}
        </Box>
      </Box>
      {/* A story not saved yet has no cover (its generated art follows its slug). */}
      {article.imageUrl && (
        <Box sx={{ borderRadius: 2, overflow: 'hidden', mb: 3 }}>
          <ResponsiveImage
            src={article.imageUrl}
            alt={article.title}
            sizes="(min-width: 1200px) 760px, (min-width: 900px) 66vw, 100vw"
            priority
            fallbackSeed={Number(article.id) || 1}
          />
        </Box>
      )}
      <Typography component="p" sx={{ fontSize: { xs: '1.15rem', md: '1.3rem' }, lineHeight: 1.55, fontWeight: 500, color: 'text.primary', mb: 3 }}>
        {article.excerpt}
      </Typography>
      <Box data-testid="article-content" sx={{ '& p': { fontSize: '1.075rem', lineHeight: 1.75, mb: 2.25 } }}>
        {paragraphs.map((sentence, i) => (
          <Typography key={i} component="p">
            {sentence}
          </Typography>
        ))}
      </Box>
      {article.sourceUrl && (
        <Link href={article.sourceUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1, fontWeight: 700, fontSize: '1.05rem' }}>
          {SOURCE_LINK_TEXT}
        </Link>
      )}
    </Box>
  );
}
