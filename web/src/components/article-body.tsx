import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import type { ArticleKind } from '../graphql/graphql';
import { ARTICLE_KIND_LABELS, SPONSORED_LINK_REL } from '../lib/article-kinds';
import { formatLongDate } from '../lib/dates';
import { splitSentences } from '../lib/sentences';
import { madeOnce } from '../theme/made-once';
import { BadgeChip, ChipAnchorLink } from './chip';
import { readingTimeLabel } from './reading-time';
import { ResponsiveImage } from './responsive-image';

export const SOURCE_LINK_TEXT = 'Do you want to know more? →';

/** What an article's body shows: the article page and the newsroom's preview render the same. */
export interface ArticleBodyContent {
  id: string;
  title: string;
  author: string;
  /** The byline's author page (/authors/{slug}); absent or null: the byline is text. */
  authorSlug?: string | null;
  publishedAt: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  isBreaking: boolean;
  readingMinutes: number;
  sourceUrl: string | null;
  category: { name: string; slug: string };
  /** Absent: news. */
  kind?: ArticleKind;
  sponsorName?: string | null;
}

// Styled once (theme/made-once.ts): a story's paragraphs were a styled element each.
const Story = styled('article')(
  madeOnce({
    '& > header': { mb: 3 },
    '& h1': { m: 0, mb: 2, typography: 'h1', fontSize: { xs: '1.75rem', sm: '2.25rem', md: '2.5rem' } },
    '& > .cover': { borderRadius: 2, overflow: 'hidden', mb: 3 },
    '& > .disclosure': { m: 0, mb: 3, p: 1.5, typography: 'body2', fontWeight: 600, border: 1, borderColor: 'divider', borderRadius: 1 },
    '& > .excerpt': { m: 0, mb: 3, typography: 'body1', fontSize: { xs: '1.15rem', md: '1.3rem' }, lineHeight: 1.55, fontWeight: 500, color: 'text.primary' },
    '& > [data-testid="article-content"] > p': { m: 0, mb: 2.25, typography: 'body1', fontSize: '1.075rem', lineHeight: 1.75 },
    '& > .source': {
      display: 'inline-block',
      mt: 1,
      fontWeight: 700,
      fontSize: '1.05rem',
      color: 'primary.main',
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
    },
  }),
);
const Badges = styled('div')(madeOnce({ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }));
const Byline = styled('div')(
  madeOnce({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 2,
    flexWrap: 'wrap',
    '& > p': { m: 0, typography: 'body2', color: 'text.secondary' },
    '& > p:nth-of-type(2)': { mr: 'auto' },
    '& strong': { fontWeight: 700, color: 'text.primary' },
    '& a': { color: 'inherit', textUnderlineOffset: '2px' },
  }),
);

/**
 * The article itself: category and breaking chips, headline, byline, cover, excerpt and the body one
 * sentence per paragraph (fragments of 10 characters or fewer dropped), then the source link.
 */
export function ArticleBody({ article, actions, notes }: { article: ArticleBodyContent; actions?: ReactNode; notes?: ReactNode }) {
  const { category } = article;
  const paragraphs = splitSentences(article.content);
  const kindLabel = article.kind ? ARTICLE_KIND_LABELS[article.kind] : null;
  const sponsored = article.kind === 'SPONSORED';
  return (
    <Story>
      <header>
        <Badges>
          {/* A plain link: the body is also rendered inside the newsroom's island, which has no router. */}
          <ChipAnchorLink href={`/categories/${category.slug}`} filled="primary" size="medium" label={category.name} />
          {/* Error red passes AA contrast with white text; the accent orange does not at chip size. */}
          {article.isBreaking && <BadgeChip tone="error" size="medium" label="Breaking News" />}
          {kindLabel && <BadgeChip tone="primary" size="medium" label={kindLabel} />}
        </Badges>
        <h1>{article.title}</h1>
        <Byline>
          <p>
            {/* A plain link: the newsroom's island renders this too, without a router. */}
            By {article.authorSlug ? <a href={`/authors/${article.authorSlug}`} rel="author"><strong>{article.author}</strong></a> : <strong>{article.author}</strong>}
            {' · '}
            <time dateTime={new Date(article.publishedAt).toISOString()}>{formatLongDate(article.publishedAt)}</time>
          </p>
          <p data-testid="reading-time">{readingTimeLabel(article.readingMinutes)}</p>
          {actions}
        </Byline>
      </header>
      {sponsored && (
        <p className="disclosure" data-testid="sponsored-disclosure">
          Sponsored content paid for by {article.sponsorName ?? 'a partner'}. It was not written or edited by our newsroom.
        </p>
      )}
      {/* Corrections and clarifications, above the story they change. */}
      {notes}
      {/* A story not saved yet has no cover (its generated art follows its slug). */}
      {article.imageUrl && (
        <div className="cover">
          <ResponsiveImage
            src={article.imageUrl}
            alt={article.title}
            sizes="(min-width: 1200px) 760px, (min-width: 900px) 66vw, 100vw"
            priority
            fallbackSeed={Number(article.id) || 1}
          />
        </div>
      )}
      <p className="excerpt">{article.excerpt}</p>
      <div data-testid="article-content">
        {paragraphs.map((sentence, i) => (
          <p key={i}>{sentence}</p>
        ))}
      </div>
      {article.sourceUrl && (
        <a className="source" href={article.sourceUrl} target="_blank" rel={sponsored ? `${SPONSORED_LINK_REL} noreferrer` : 'noopener noreferrer'}>
          {SOURCE_LINK_TEXT}
        </a>
      )}
    </Story>
  );
}
