import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactPageSubmitDocument } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { ContactPage } from './contact-page';
import { parseAud } from './contact-form';

const filled = { name: 'Dana Buyer', email: 'dana@example.com.au', subject: 'Offer', message: 'We would like to buy the domain.' };
const receipt = { __typename: 'ContactMessageReceipt' as const, id: '7', reference: 'INQ-000007', receivedAt: '2026-11-23T00:00:00.000Z' };

function mockFor(input: Record<string, unknown>): MockedResponse {
  return { request: { query: ContactPageSubmitDocument, variables: { input } }, result: { data: { submitContactMessage: receipt } } };
}

/**
 * Fields are found by their labels, buttons by role with `hidden: true`: a role query's accessible
 * names and visibility check ask jsdom for computed styles up the tree (near a second a query on this
 * form, many on a busy machine); a label query takes milliseconds.
 */
const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\b`)) as HTMLInputElement;
const inquiryType = () => screen.getByLabelText('Inquiry Type') as HTMLSelectElement;

/** One change event per field: keystrokes re-render MUI at every step, seconds per field on a busy machine. */
function change(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

function fillContact() {
  for (const key of ['name', 'email', 'subject', 'message'] as const) change(field(key[0].toUpperCase() + key.slice(1)), filled[key]);
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message', hidden: true }));

afterEach(() => {
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

describe('the contact form and domain purchases', () => {
  it('preselects Domain Purchase from /contact?inquiry=domain, and ignores an unknown type', async () => {
    const first = renderPage(<ContactPage />, { path: '/contact?inquiry=domain' });
    expect(inquiryType().value).toBe('domain');
    expect(screen.getByRole('textbox', { name: /^Offer \(AUD/ })).toBeTruthy();
    first.unmount();
    renderPage(<ContactPage />, { path: '/contact?inquiry=%3Cscript%3E' });
    expect(inquiryType().value).toBe('general');
    expect(screen.queryByRole('textbox', { name: /^Offer \(AUD/ })).toBeNull();
  });

  it('shows the INQ reference in the toast for a general inquiry', async () => {
    renderPage(<ContactPage />, { path: '/contact', mocks: [mockFor({ ...filled, inquiryType: 'GENERAL' })] });
    fillContact();
    send();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Message Sent!')).toBeTruthy();
    expect(within(toast).getByTestId('toast-detail').textContent).toBe('Your reference: INQ-000007.');
  });

  it('sends a domain offer with its structured fields and shows the reference and the same-day promise', async () => {
    const input = {
      ...filled,
      inquiryType: 'DOMAIN',
      offer: { amountAud: 120_000, company: 'Acme Media Pty Ltd', abn: '51 824 753 556', timeframe: 'WITHIN_1_MONTH' },
    };
    renderPage(<ContactPage />, { path: '/contact?inquiry=domain', mocks: [mockFor(input)] });
    fillContact();
    change(field('Offer'), 'A$120,000');
    change(field('Company'), 'Acme Media Pty Ltd');
    change(field('ABN'), '51 824 753 556');
    change(screen.getByLabelText('Timeframe'), 'WITHIN_1_MONTH');
    send();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByTestId('toast-detail').textContent).toBe('Your reference: INQ-000007. Domain purchases get a reply the same day.');
  });

  it('refuses an amount that is not whole dollars before sending, naming the rule under the field', async () => {
    renderPage(<ContactPage />, { path: '/contact?inquiry=domain' });
    fillContact();
    change(field('Offer'), '12abc');
    send();
    await waitFor(() => expect(screen.getByText('Offer amount must be a whole number of Australian dollars')).toBeTruthy());
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('reads amounts as buyers type them, refusing anything else', () => {
    expect(parseAud('250000')).toBe(250_000);
    expect(parseAud('A$250,000')).toBe(250_000);
    expect(parseAud('$ 250 000')).toBe(250_000);
    for (const bad of ['', '0', '-5', '12.5', '1e9', '12abc', '99999999999', '<script>']) expect(parseAud(bad)).toBeNull();
  });
});
