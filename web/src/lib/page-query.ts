import type { DocumentNode } from 'graphql';
import type { ErrorPolicy, OperationVariables, FetchPolicy } from '@apollo/client';
import type { Params } from 'react-router-dom';

/**
 * A query a page (or the layout) reads, with its variables worked out from the URL alone. The page
 * hands it to useQuery; the server runs the same queries before it renders, so a page renders once
 * with its data (decision 027) and no rule for the variables is written twice.
 */
export interface PageQuery {
  query: DocumentNode;
  variables?: OperationVariables;
  fetchPolicy?: FetchPolicy;
  errorPolicy?: ErrorPolicy;
}

/** A route's queries, from its path parameters and its search parameters. */
export type PageQueries = (params: Readonly<Params>, search: URLSearchParams) => readonly PageQuery[];
