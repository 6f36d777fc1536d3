import styled from '@emotion/styled';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteConfig } from '../config/site-config';
import { STANDARDS_LINKS } from '../config/standards-links';
import { SiteFooterDocument } from '../graphql/graphql';
import { belowTheFold } from '../theme/below-the-fold';
import { madeOnce } from '../theme/made-once';
import { PageContainer } from './page-container';

export const FOOTER_CATEGORY_COUNT = 5;

export const siteFooterQuery = { query: SiteFooterDocument };

// On every page: styled once (theme/made-once.ts). Below the fold on every page but the shortest.
const Footer = styled('footer')(madeOnce({ bgcolor: '#0a1f3c', color: '#e8eef7', mt: 8, py: 6, ...belowTheFold(640) }));
const Columns = styled('div')(
  madeOnce({
    display: 'grid',
    gap: 4,
    // The widths MUI's 5, 4 and 3 of 12 columns had with a 32 px gap.
    gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'calc(500% / 12 - 7 * 32px / 12) calc(400% / 12 - 8 * 32px / 12) minmax(0, 1fr)' },
    '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
  }),
);
const SiteName = styled('p')(madeOnce({ m: 0, typography: 'h4', color: '#fff' }));
const Blurb = styled('p')(madeOnce({ m: 0, mt: 1, typography: 'body2', color: '#c5d2e3', maxWidth: 420 }));
const Heading = styled('h2')(madeOnce({ m: 0, mb: 1, typography: 'subtitle2', color: '#fff' }));
const Links = styled('ul')(
  madeOnce({
    listStyle: 'none',
    p: 0,
    m: 0,
    display: 'grid',
    gap: 0.75,
    // Touch targets at least 24 px tall.
    '& a': { color: '#e8eef7', textDecoration: 'none', display: 'inline-flex', alignItems: 'center', minHeight: 24 },
    '& a:hover': { textDecoration: 'underline' },
  }),
);
const Standards = styled('ul')(
  madeOnce({
    listStyle: 'none',
    p: 0,
    m: 0,
    mt: 4,
    display: 'flex',
    flexWrap: 'wrap',
    gap: 2,
    // Touch targets at least 24 px tall, as the other footer links.
    '& a': { color: '#e8eef7', display: 'inline-flex', alignItems: 'center', minHeight: 24 },
  }),
);
const Copyright = styled('p')(madeOnce({ m: 0, mt: 4, typography: 'caption', color: '#c5d2e3' }));

export function SiteFooter() {
  const { siteName } = useSiteConfig();
  const { data } = useQuery(siteFooterQuery.query);
  const categories = data?.categories.slice(0, FOOTER_CATEGORY_COUNT) ?? [];
  return (
    <Footer data-surface="dark" data-print="hide">
      <PageContainer>
        <Columns>
          <div>
            <SiteName>{siteName}</SiteName>
            <Blurb>Independent Australian coverage of the technologies reshaping business, science and everyday life.</Blurb>
          </div>
          <nav aria-label="Footer categories">
            <Heading>Categories</Heading>
            <Links>
              {categories.map((c) => (
                <li key={c.slug}>
                  <RouterLink to={`/categories/${c.slug}`}>{c.name}</RouterLink>
                </li>
              ))}
            </Links>
          </nav>
          <nav aria-label="Footer">
            <Heading>{siteName}</Heading>
            <Links>
              <li>
                <RouterLink to="/about">About</RouterLink>
              </li>
              <li>
                <RouterLink to="/contact">Contact</RouterLink>
              </li>
              <li>
                <RouterLink to="/privacy">Privacy</RouterLink>
              </li>
              <li>
                <a href="/rss.xml">RSS feed</a>
              </li>
            </Links>
          </nav>
        </Columns>
        <nav aria-label="Our standards">
          <Standards>
            {STANDARDS_LINKS.map((link) => (
              <li key={link.path}>
                <RouterLink to={link.path}>{link.label}</RouterLink>
              </li>
            ))}
          </Standards>
        </nav>
        <Copyright>
          © {new Date().getFullYear()} {siteName}. Made in Australia.
        </Copyright>
      </PageContainer>
    </Footer>
  );
}
