import { screen, waitFor } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { NewsletterPageDocument } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { NewsletterConfirmPage, NewsletterPage } from './newsletter-page';

const categories: MockedResponse = {
  request: { query: NewsletterPageDocument },
  result: { data: { categories: [{ __typename: 'Category', id: '1', name: 'Cybersecurity', slug: 'cybersecurity' }] } },
};

afterEach(() => {
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

describe('NewsletterPage (/newsletter)', () => {
  it('is a plain form posting to the page itself: e-mail, frequency, categories, a hidden honeypot', async () => {
    renderPage(<NewsletterPage />, { path: '/newsletter', mocks: [categories] });
    const form = screen.getByRole('button', { name: 'Subscribe' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/newsletter');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).name).toBe('email');
    expect(screen.getByRole('radio', { name: /Daily/ })).toHaveProperty('checked', true);
    // Breaking-news alerts only when asked for.
    const alerts = screen.getByRole('checkbox', { name: 'Also e-mail me when a story is flagged breaking news' }) as HTMLInputElement;
    expect([alerts.name, alerts.checked]).toEqual(['breakingAlerts', false]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Cybersecurity' })).toBeTruthy());
    expect(form.querySelector('input[name="website"]')?.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByText(/A sample issue/)).toBeTruthy();
  });

  it('says what a posted form did, from the outcome in its address', () => {
    renderPage(<NewsletterPage />, { path: '/newsletter?problem=email', mocks: [categories] });
    expect(screen.getByRole('alert').textContent).toMatch(/Enter an e-mail address/);
  });
});

describe('NewsletterConfirmPage', () => {
  it('confirms only by a button that posts the token (opening the link changes nothing)', () => {
    renderPage(<NewsletterConfirmPage />, { path: '/newsletter/confirm?token=c.1.2.n.mac' });
    const form = screen.getByRole('button', { name: 'Confirm my subscription' }).closest('form')!;
    expect(form.getAttribute('action')).toBe('/newsletter/confirm');
    expect((form.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('c.1.2.n.mac');
  });
});
