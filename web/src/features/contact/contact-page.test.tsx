import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockedResponse } from '@apollo/client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactPageSubmitDocument } from '../../graphql/graphql';
import { renderPage, testSiteConfig } from '../../test/render-page';
import { ContactPage } from './contact-page';

const filled = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Buying the domain', message: 'I would like to make an offer.' };

const input = { ...filled, inquiryType: 'DOMAIN' as const };

const receipt = {
  __typename: 'ContactMessageReceipt' as const,
  id: '42',
  reference: 'INQ-000042',
  receivedAt: '2025-05-01T00:00:00.000Z',
};

/** `delay: Infinity` holds the answer back for good: the request stays in flight, whatever the machine's pace. */
function successMock(delay?: number): MockedResponse {
  return {
    request: { query: ContactPageSubmitDocument, variables: { input } },
    ...(delay === undefined ? {} : { delay }),
    result: { data: { submitContactMessage: receipt } },
  };
}

/**
 * Fields are found by their labels, buttons by role with `hidden: true`: a role query's accessible
 * names and visibility check ask jsdom for computed styles up the tree (near a second a query on this
 * form, many on a busy machine); a label query takes milliseconds.
 */
function fields() {
  return {
    name: screen.getByLabelText(/^Name\b/) as HTMLInputElement,
    email: screen.getByLabelText(/^Email\b/) as HTMLInputElement,
    subject: screen.getByLabelText(/^Subject\b/) as HTMLInputElement,
    message: screen.getByLabelText(/^Message\b/) as HTMLTextAreaElement,
    inquiryType: screen.getByLabelText('Inquiry Type') as HTMLSelectElement,
  };
}

/**
 * One change event per field: typing (or clicking and pasting) re-renders MUI at every step, which
 * takes seconds per field on a busy machine. Typing itself is covered where it matters (a field's
 * message clears on edit).
 */
function fill() {
  const f = fields();
  for (const key of ['name', 'email', 'subject', 'message'] as const) fireEvent.change(f[key], { target: { value: filled[key] } });
  fireEvent.change(f.inquiryType, { target: { value: 'domain' } });
}

/** A plain click submits the form (user.click's pointer sequence adds ripples and renders, nothing tested here). */
function fillAndSubmit() {
  fill();
  fireEvent.click(screen.getByRole('button', { name: 'Send Message', hidden: true }));
}

function expectValuesKept() {
  const f = fields();
  expect(f.name.value).toBe(filled.name);
  expect(f.email.value).toBe(filled.email);
  expect(f.subject.value).toBe(filled.subject);
  expect(f.message.value).toBe(filled.message);
  expect(f.inquiryType.value).toBe('domain');
}

afterEach(() => {
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

describe('ContactPage', () => {
  it('shows the heading, intro and an empty form with General Inquiry selected', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Get In Touch');
    expect(screen.getByText(/advertising/i, { selector: 'p' }).textContent).toMatch(/acquiring this domain/);
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a Message' })).toBeTruthy();
    const f = fields();
    expect([f.name.value, f.email.value, f.subject.value, f.message.value]).toEqual(['', '', '', '']);
    expect(f.inquiryType.value).toBe('general');
    const options = within(f.inquiryType).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.value])).toEqual([
      ['General Inquiry', 'general'],
      ['Domain Purchase', 'domain'],
      ['Advertising Partnership', 'advertising'],
      ['Editorial Submission', 'editorial'],
      ['Technical Support', 'technical'],
    ]);
    expect(options[0].selected).toBe(true);
    const button = screen.getByRole('button', { name: 'Send Message', hidden: true }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('requires name, email, subject and message at the browser level, with an email input', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    const f = fields();
    for (const el of [f.name, f.email, f.subject, f.message]) expect(el.required).toBe(true);
    expect(f.email.type).toBe('email');
    expect(f.message.tagName).toBe('TEXTAREA');
    expect(f.inquiryType.required).toBe(false);
  });

  it('does not send when required fields are empty', async () => {
    const user = userEvent.setup();
    // No mocks: a request would fail and raise the error toast.
    renderPage(<ContactPage />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send Message', hidden: true }));
    expect(fields().name.validity.valueMissing).toBe(true);
    // A send would have turned the button into Sending... within the click.
    expect(screen.queryByRole('button', { name: 'Sending...', hidden: true })).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect((screen.getByRole('button', { name: 'Send Message', hidden: true }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows Sending... on a disabled button while the message is in flight', async () => {
    renderPage(<ContactPage />, { path: '/contact', mocks: [successMock(Infinity)] });
    fillAndSubmit();
    const sending = (await screen.findByRole('button', { name: 'Sending...', hidden: true })) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send Message', hidden: true })).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('once sent, shows the success toast and an empty form', async () => {
    renderPage(<ContactPage />, { path: '/contact', mocks: [successMock()] });
    fillAndSubmit();

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Message Sent!')).toBeTruthy();
    expect(within(toast).getByText("Thank you for contacting us. We'll get back to you soon.")).toBeTruthy();
    expect(toast.getAttribute('role')).toBe('status');
    // The reference stays on the page, focused, until the reader dismisses it.
    const panel = screen.getByTestId('inquiry-confirmation');
    expect(within(panel).getByTestId('inquiry-reference').textContent).toBe(receipt.reference);
    expect(document.activeElement).toBe(panel);
    fireEvent.click(within(panel).getByRole('link', { name: 'Dismiss' }));
    expect(screen.queryByTestId('inquiry-confirmation')).toBeNull();

    const f = fields();
    expect([f.name.value, f.email.value, f.subject.value, f.message.value]).toEqual(['', '', '', '']);
    expect(f.inquiryType.value).toBe('general');
    const button = screen.getByRole('button', { name: 'Send Message', hidden: true }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('keeps the values and shows the error toast on a network error', async () => {
    const mock: MockedResponse = { request: { query: ContactPageSubmitDocument, variables: { input } }, error: new Error('Network down') };
    renderPage(<ContactPage />, { path: '/contact', mocks: [mock] });
    fillAndSubmit();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Error')).toBeTruthy();
    expect(within(toast).getByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(toast.getAttribute('role')).toBe('alert');
    expectValuesKept();
    expect((screen.getByRole('button', { name: 'Send Message', hidden: true }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the values and shows the error toast on a GraphQL error', async () => {
    const mock: MockedResponse = {
      request: { query: ContactPageSubmitDocument, variables: { input } },
      result: { errors: [{ message: 'Service unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
    };
    renderPage(<ContactPage />, { path: '/contact', mocks: [mock] });
    fillAndSubmit();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Error')).toBeTruthy();
    expect(within(toast).getByText('Failed to send message. Please try again.')).toBeTruthy();
    expectValuesKept();
    // Not a validation error: no field messages appear.
    expect(fields().name.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the server field messages under the fields for BAD_USER_INPUT, as well as the toast', async () => {
    const user = userEvent.setup();
    const mock: MockedResponse = {
      request: { query: ContactPageSubmitDocument, variables: { input } },
      result: {
        errors: [
          {
            message: 'Invalid contact message: name, email',
            extensions: {
              code: 'BAD_USER_INPUT',
              fields: [
                { field: 'name', message: 'Name is required' },
                { field: 'email', message: 'Email must be a valid email address' },
              ],
            },
          },
        ],
      },
    };
    renderPage(<ContactPage />, { path: '/contact', mocks: [mock] });
    fillAndSubmit();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Failed to send message. Please try again.')).toBeTruthy();
    const f = fields();
    expect(f.name.getAttribute('aria-invalid')).toBe('true');
    expect(f.email.getAttribute('aria-invalid')).toBe('true');
    expect(f.subject.getAttribute('aria-invalid')).toBe('false');
    // The message is linked to its field, so screen readers announce it with the field.
    expect(document.getElementById(f.name.getAttribute('aria-describedby')!)?.textContent).toBe('Name is required');
    expect(document.getElementById(f.email.getAttribute('aria-describedby')!)?.textContent).toBe('Email must be a valid email address');
    expectValuesKept();

    // Editing a field clears its message.
    await user.type(f.name, '!');
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
  });

  it('shows the domain sale card with its four points and the Domain Purchase advice', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    const card = screen.getByRole('region', { name: 'Premium Domain For Sale' });
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Established tech news site with content',
      'Growing organic traffic and SEO rankings',
      'Multiple revenue streams',
      'Authoritative brand',
    ]);
    expect(card.textContent).toMatch(/choose ‘Domain Purchase’ as the inquiry type/);
  });

  it('shows contact information from the site config and the location Australia', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    const card = screen.getByRole('region', { name: 'Contact Information' });
    const email = within(card).getByRole('link', { name: testSiteConfig.contactEmail });
    expect(email.getAttribute('href')).toBe(`mailto:${testSiteConfig.contactEmail}`);
    const phone = within(card).getByRole('link', { name: testSiteConfig.contactPhone });
    expect(phone.getAttribute('href')).toBe('tel:+61290000000');
    expect(within(card).getByText('Australia')).toBeTruthy();
  });

  it('shows the response times table', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    const table = screen.getByRole('table', { name: 'Response Times' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['General Inquiries', '24-48 hours'],
      ['Domain Purchase', 'same day'],
      ['Advertising', '24 hours'],
      ['Technical Support', '1-2 hours'],
    ]);
  });

  it('describes itself to search engines as a ContactPage', () => {
    renderPage(<ContactPage />, { path: '/contact' });
    expect(document.title).toBe(`Contact | ${testSiteConfig.siteName}`);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://technews.example.au/contact');
    const ld = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@type': 'ContactPage',
      url: 'https://technews.example.au/contact',
      mainEntity: {
        '@type': 'Organization',
        name: testSiteConfig.siteName,
        email: testSiteConfig.contactEmail,
        telephone: testSiteConfig.contactPhone,
        areaServed: 'AU',
      },
    });
  });

  it('sends the hidden honeypot field only when a bot fills it', async () => {
    const botMock: MockedResponse = {
      request: { query: ContactPageSubmitDocument, variables: { input: { ...input, website: 'http://spam.example' } } },
      result: { data: { submitContactMessage: receipt } },
    };
    const { container } = renderPage(<ContactPage />, { path: '/contact', mocks: [botMock] });
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(honeypot.tabIndex).toBe(-1);
    fireEvent.change(honeypot, { target: { value: 'http://spam.example' } });
    fillAndSubmit();
    // The mock only answers when the variables include the honeypot value.
    expect(within(await screen.findByTestId('toast')).getByText('Message Sent!')).toBeTruthy();
  });
});
