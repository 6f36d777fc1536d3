import { CombinedGraphQLErrors } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useSearchParams, type Params } from 'react-router-dom';
import { useSiteConfig } from '../../config/site-config';
import { SearchPageDocument, type SearchPageQuery } from '../../graphql/graphql';
import { searchHref } from '../../lib/search-href';
import { PageMeta } from '../../page-head/page-meta';
import { SearchResult } from './search-result';

export const SEARCH_PAGE_SIZE = 10;
export const BLANK_SEARCH_HEADING = 'Search the latest Australian tech news';
export const SEARCH_FAILED_MESSAGE = 'Search is unavailable right now. Please try again in a moment.';

type Categories = SearchPageQuery['categories'];
type AuthorMatches = NonNullable<SearchPageQuery['search']>['authors'];

/** HTTP status and message for a failed search: the reader's input named, anything else a 503. */
function searchFailure(error: unknown): { status: number; message: string } {
  if (CombinedGraphQLErrors.is(error)) {
    const known = error.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT' || e.extensions?.code === 'NOT_FOUND');
    if (known) return { status: known.extensions?.code === 'NOT_FOUND' ? 404 : 400, message: known.message };
  }
  return { status: 503, message: SEARCH_FAILED_MESSAGE };
}

/** The search query from ?q= (spaces folded), ?category= and ?after=. */
export function searchPageQuery(_params: Readonly<Params>, search: URLSearchParams) {
  const q = (search.get('q') ?? '').replace(/\s+/g, ' ').trim();
  const category = search.get('category') || null;
  const after = search.get('after') || null;
  return {
    query: SearchPageDocument,
    variables: { query: q, hasQuery: q !== '', first: SEARCH_PAGE_SIZE, after, category },
    // Results follow publishing: never from an old cache entry.
    fetchPolicy: 'network-only' as const,
    errorPolicy: 'all' as const,
  };
}

/** The results page of the header's search box: server-rendered, paged and filtered with plain links. */
export function SearchPage() {
  const [params] = useSearchParams();
  const page = searchPageQuery({}, params);
  const { query: q, category, after } = page.variables;
  const { siteName } = useSiteConfig();
  const { data, loading, error } = useQuery(page.query, page);
  const categories = data?.categories ?? [];

  if (!q) {
    return (
      <SearchLayout>
        <PageMeta title={`Search | ${siteName}`} description={`Search every story ${siteName} has published.`} path="/search" />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, mb: 2 }}>
          {BLANK_SEARCH_HEADING}
        </Typography>
        <SearchForm q="" category={category} />
        <BrowseCategories categories={categories} />
      </SearchLayout>
    );
  }

  const heading = `Search results for "${q}"`;
  const meta = { title: `${heading} | ${siteName}`, path: searchHref({ q, category }), noindex: true };
  const search = data?.search;

  if (loading && !search) {
    return (
      <SearchLayout>
        <PageMeta {...meta} description={`Searching ${siteName} for "${q}".`} />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, mb: 2 }}>
          {heading}
        </Typography>
        <Typography role="status" color="text.secondary">
          Searching...
        </Typography>
      </SearchLayout>
    );
  }

  if (!search) {
    const failure = searchFailure(error);
    return (
      <SearchLayout>
        <PageMeta {...meta} status={failure.status} description={failure.message} />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, mb: 2 }}>
          {heading}
        </Typography>
        <SearchForm q={q} category={category} />
        <Alert severity={failure.status < 500 ? 'warning' : 'error'} sx={{ my: 3 }}>
          {failure.message}
        </Alert>
        <BrowseCategories categories={categories} />
      </SearchLayout>
    );
  }

  const { totalCount, capped, suggestion, edges, pageInfo, authors } = search;
  const categoryName = categories.find((c) => c.slug === category)?.name;
  return (
    <SearchLayout>
      <PageMeta {...meta} description={`${totalCount} ${siteName} article(s) match "${q}".`} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, mb: 2 }}>
        {heading}
      </Typography>
      <SearchForm q={q} category={category} />
      <MatchingAuthors authors={authors} />
      <Typography role="status" sx={{ fontWeight: 700, mt: 2 }}>
        {totalCount} article(s) found{categoryName ? ` in ${categoryName}` : ''}
      </Typography>
      {capped && (
        <Typography variant="body2" color="text.secondary">
          Many articles match: these are the best of the newest {totalCount.toLocaleString('en-AU')}. Add a word to narrow the search.
        </Typography>
      )}
      <CategoryFilter q={q} category={category} categories={categories} />
      {edges.length > 0 ? (
        <Box component="section" aria-label="Results">
          {edges.map((edge) => (
            <SearchResult key={edge.cursor} article={edge.node} snippet={edge.snippet} />
          ))}
        </Box>
      ) : (
        <Box sx={{ py: 4 }}>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
            {after ? `No more articles match "${q}"` : `No articles match "${q}"`}
          </Typography>
          {suggestion && (
            <Typography sx={{ mb: 2 }}>
              Did you mean{' '}
              <Box component={RouterLink} to={searchHref({ q: suggestion, category })} sx={{ fontWeight: 700 }}>
                {suggestion}
              </Box>
              ?
            </Typography>
          )}
          <Typography color="text.secondary">Check the spelling, use fewer words, or browse the categories below.</Typography>
          <BrowseCategories categories={categories} />
        </Box>
      )}
      <Box component="nav" aria-label="Result pages" sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        {after && (
          <Button component={RouterLink} to={searchHref({ q, category })} variant="outlined">
            First results
          </Button>
        )}
        {pageInfo.hasNextPage && pageInfo.endCursor && (
          <Button component={RouterLink} to={searchHref({ q, category, after: pageInfo.endCursor })} variant="contained" rel="next">
            More results
          </Button>
        )}
      </Box>
    </SearchLayout>
  );
}

function SearchLayout({ children }: { children: React.ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {children}
    </Container>
  );
}

/** The page's own search box: a GET form to this page, kept within the chosen category. */
function SearchForm({ q, category }: { q: string; category: string | null }) {
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search articles"
      action="/search"
      method="get"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2, pl: 1.5, pr: 0.5, py: 0.5, maxWidth: 640 }}
    >
      <SearchIcon aria-hidden="true" color="action" />
      <InputBase
        key={q}
        defaultValue={q}
        placeholder="Search tech news..."
        inputProps={{ 'aria-label': 'Search for', type: 'search', name: 'q', maxLength: 200 }}
        sx={{ flexGrow: 1 }}
      />
      {category && <input type="hidden" name="category" value={category} />}
      <Button type="submit" variant="contained" size="small">
        Search
      </Button>
    </Box>
  );
}

/** Authors whose name the query matches, above the articles: each a link to their page. */
function MatchingAuthors({ authors }: { authors: AuthorMatches }) {
  if (!authors.length) return null;
  return (
    <Box component="section" aria-labelledby="search-authors" sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography id="search-authors" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Authors
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {authors.map((author) => (
          <li key={author.id}>
            <Box component={RouterLink} to={`/authors/${author.slug}`} sx={{ fontWeight: 700 }}>
              {author.name}
            </Box>
            <Typography component="span" color="text.secondary">
              {' '}
              · {author.role}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** "All" and one chip per category: plain links, so filtering works without JavaScript. */
function CategoryFilter({ q, category, categories }: { q: string; category: string | null; categories: Categories }) {
  if (!categories.length) return null;
  const options = [{ slug: null as string | null, name: 'All categories' }, ...categories];
  return (
    <Box component="nav" aria-label="Filter by category" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }}>
      {options.map((option) => {
        const current = option.slug === category;
        return (
          <Chip
            key={option.slug ?? 'all'}
            component={RouterLink}
            to={searchHref({ q, category: option.slug })}
            aria-current={current ? 'page' : undefined}
            clickable
            size="small"
            color={current ? 'primary' : 'default'}
            variant={current ? 'filled' : 'outlined'}
            label={option.name}
          />
        );
      })}
    </Box>
  );
}

function BrowseCategories({ categories }: { categories: Categories }) {
  if (!categories.length) return null;
  return (
    <Box component="nav" aria-label="Browse categories" sx={{ mt: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        Browse categories
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {categories.map((c) => (
          <Chip key={c.slug} component={RouterLink} to={`/categories/${c.slug}`} clickable size="small" variant="outlined" label={c.name} />
        ))}
      </Box>
    </Box>
  );
}
