import { screen, waitFor } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { MostReadPanelDocument } from '../graphql/graphql';
import { renderPage } from '../test/render-page';
import { MOST_READ_COUNT, MostReadPanel } from './most-read-panel';
import { NewsletterSignup } from './newsletter-signup';

const ranked: MockedResponse = {
  request: { query: MostReadPanelDocument, variables: { period: 'DAY', first: MOST_READ_COUNT } },
  result: {
    data: {
      mostRead: [
        { __typename: 'Article', id: '7', title: 'Most opened story', category: { __typename: 'Category', id: '1', name: 'Space' } },
        { __typename: 'Article', id: '3', title: 'Second most opened', category: { __typename: 'Category', id: '2', name: 'Cybersecurity' } },
      ],
    },
  },
};

describe('MostReadPanel', () => {
  it('lists the most read stories in rank order, linked', async () => {
    renderPage(<MostReadPanel />, { mocks: [ranked] });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Most read' })).toBeTruthy());
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Most opened story', '/articles/7'],
      ['Second most opened', '/articles/3'],
    ]);
  });
});

describe('NewsletterSignup', () => {
  it('posts the address and the page it sits on to /newsletter, with no script needed', () => {
    renderPage(<NewsletterSignup page="/articles/7" />);
    const form = screen.getByRole('button', { name: 'Subscribe' }).closest('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/newsletter']);
    expect((form.querySelector('input[name="page"]') as HTMLInputElement).value).toBe('/articles/7');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).required).toBe(true);
  });
});
