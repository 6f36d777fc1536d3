import { useId } from 'react';
import styled from '@emotion/styled';
import { Link as RouterLink } from 'react-router-dom';
import { AgeLabel } from '../../components/age-label';
import { CaptionLine } from '../../components/caption-line';
import { SidePanel } from '../../components/side-panel';
import type { ArticleCard_ArticleFragment } from '../../graphql/graphql';
import { madeOnce } from '../../theme/made-once';

const Headlines = styled('ol')(
  madeOnce({
    listStyle: 'none',
    m: 0,
    p: 0,
    '& > li': { py: 1.25, borderTop: 1, borderColor: 'divider' },
    '& > li:first-of-type': { borderTop: 0, pt: 0 },
    '& > li > p': { mt: 0.25 },
  }),
);
const HeadlineLink = styled(RouterLink)(madeOnce({ color: 'text.primary', fontWeight: 600, textDecoration: 'none', '&:hover': { color: 'primary.main' } }));

/** The next stories after the Latest grid, as a compact list that fills the sidebar on desktop. */
export function MoreHeadlines({ articles }: { articles: readonly ArticleCard_ArticleFragment[] }) {
  const headingId = useId();
  if (!articles.length) return null;
  return (
    <SidePanel aria-labelledby={headingId}>
      <h2 id={headingId}>More Headlines</h2>
      <Headlines>
        {articles.map((article) => (
          <li key={article.id}>
            <HeadlineLink to={`/articles/${article.id}`}>{article.title}</HeadlineLink>
            <CaptionLine>
              {article.category.name} · <AgeLabel publishedAt={article.publishedAt} />
            </CaptionLine>
          </li>
        ))}
      </Headlines>
    </SidePanel>
  );
}
