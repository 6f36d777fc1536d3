import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { NamedIcon } from '../../components/named-icon';
import { useSiteConfig } from '../../config/site-config';
import { CategoriesPageDocument } from '../../graphql/graphql';
import { PageMeta } from '../../page-head/page-meta';

export const CATEGORIES_HEADING = 'All Categories';

export const categoriesPageQuery = { query: CategoriesPageDocument, fetchPolicy: 'network-only' as const };

/** Every browsing category with its icon, description and article count: where 'All Categories' leads. */
export function CategoriesPage() {
  const { siteName } = useSiteConfig();
  const { data, loading, error } = useQuery(categoriesPageQuery.query, categoriesPageQuery);
  const meta = (
    <PageMeta
      title={`${CATEGORIES_HEADING} | ${siteName}`}
      description={`Browse ${siteName} by topic: artificial intelligence, quantum computing, cybersecurity, space and more Australian tech news.`}
      path="/categories"
      status={error && !data ? 503 : 200}
    />
  );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {meta}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1 }}>
        {CATEGORIES_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
        Every topic we cover, with the number of stories in each.
      </Typography>
      {loading && !data ? (
        <Typography role="status" color="text.secondary">
          Loading categories...
        </Typography>
      ) : !data ? (
        <Alert severity="error">We couldn't load the categories. Please try again shortly.</Alert>
      ) : (
        <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Categories">
          {data.categories.map((category) => (
            <Grid key={category.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Card variant="outlined" data-testid="category-card" sx={{ height: '100%', position: 'relative', '&:hover, &:focus-within': { boxShadow: 6 } }}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                  <Box
                    sx={{ flexShrink: 0, width: 56, height: 56, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
                  >
                    <NamedIcon name={category.icon} aria-hidden="true" />
                  </Box>
                  <Box>
                    <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
                      <Box
                        component={RouterLink}
                        to={`/categories/${category.slug}`}
                        sx={{ color: 'text.primary', textDecoration: 'none', '&:hover': { color: 'primary.main' }, '&::after': { content: '""', position: 'absolute', inset: 0 } }}
                      >
                        {category.name}
                      </Box>
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {category.description}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {category.articleCount} article(s)
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
