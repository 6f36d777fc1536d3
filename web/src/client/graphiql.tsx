/**
 * The schema explorer at /graphiql: GraphiQL from its npm package, bundled by the client build and
 * served by the site under the site's Content-Security-Policy (scripts and styles from the site only),
 * so it works offline and behind firewalls that block Apollo's CDN (Apollo Sandbox stays at /graphql).
 */
import { GraphiQL } from 'graphiql';
import { type ComponentProps, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';
import './graphiql.css';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

/** Queries go to the site's own /graphql as JSON (Apollo's CSRF prevention accepts that content type). */
const fetcher: Fetcher = async (params, options) => {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json', ...(options?.headers ?? {}) },
    body: JSON.stringify(params),
  });
  return response.json();
};

const DEFAULT_QUERY = `# The newest articles with their category. Press Ctrl+Enter (Cmd+Enter) to run;
# the Docs button lists every type and field.
query LatestArticles {
  articles(first: 5) {
    totalCount
    nodes {
      id
      title
      publishedAt
      category {
        name
      }
    }
  }
}
`;

const root = document.getElementById('graphiql');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
    </StrictMode>,
  );
}
