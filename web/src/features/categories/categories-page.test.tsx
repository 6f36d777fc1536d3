import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoriesPageDocument } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { CATEGORIES_HEADING, CategoriesPage } from './categories-page';

const categories = [
  { __typename: 'Category', id: '1', name: 'Artificial Intelligence', slug: 'artificial-intelligence', icon: 'Psychology', description: 'Machine learning and the people building it.', articleCount: 12 },
  { __typename: 'Category', id: '3', name: 'Cybersecurity', slug: 'cybersecurity', icon: 'Security', description: 'Breaches, defences and policy.', articleCount: 0 },
];

afterEach(() => document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove()));

describe('CategoriesPage', () => {
  it('lists every category with its icon, linked name, description and article count, under its own head', async () => {
    renderPage(<CategoriesPage />, { mocks: [{ request: { query: CategoriesPageDocument }, result: { data: { categories } } }], path: '/categories', route: 'categories' });
    // The heading shows while loading too: wait for the cards.
    const cards = await screen.findAllByTestId('category-card');
    expect(screen.getByRole('heading', { level: 1, name: CATEGORIES_HEADING })).toBeTruthy();
    expect(cards).toHaveLength(2);
    const [ai, cyber] = cards;
    expect(within(ai).getByRole('link', { name: 'Artificial Intelligence' }).getAttribute('href')).toBe('/categories/artificial-intelligence');
    expect(within(ai).getByText('Machine learning and the people building it.')).toBeTruthy();
    expect(within(ai).getByText('12 article(s)')).toBeTruthy();
    expect(ai.querySelector('svg[data-testid="PsychologyIcon"]')).not.toBeNull();
    expect(within(cyber).getByText('0 article(s)')).toBeTruthy();
    expect(document.title).toBe('All Categories | AusTech News');
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://technews.example.au/categories');
  });
});
