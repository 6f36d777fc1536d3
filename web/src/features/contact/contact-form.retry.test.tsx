import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ThemeProvider } from '@mui/material/styles';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toast';
import { theme } from '../../theme/theme';
import { ContactForm, keyFor } from './contact-form';

const receipt = { __typename: 'ContactMessageReceipt', id: '7', reference: 'INQ-000007', receivedAt: '2026-01-01T00:00:00.000Z' };

/** A server that refuses the first `failures` submissions with 503 and records each request's key and message. */
function fakeServer(failures: number) {
  const seen: { key: string | undefined; message: string }[] = [];
  const link = new ApolloLink((operation) => {
    const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
    seen.push({ key: headers['Idempotency-Key'], message: String((operation.variables.input as { message: string }).message) });
    if (seen.length <= failures) {
      return of({ errors: [{ message: 'The service is temporarily unavailable: nothing was stored.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    }
    return of({ data: { submitContactMessage: receipt } });
  });
  return { seen, client: new ApolloClient({ link, cache: new InMemoryCache() }) };
}

function renderForm(client: ApolloClient) {
  render(
    <ThemeProvider theme={theme}>
      <ApolloProvider client={client}>
        <ToastProvider>
          <ContactForm inquiryTypes={[{ value: 'GENERAL', label: 'General Inquiry' }]} />
        </ToastProvider>
      </ApolloProvider>
    </ThemeProvider>,
  );
}

/**
 * Fields are found by their labels, buttons by role with `hidden: true`: a role query's accessible
 * names and visibility check ask jsdom for computed styles up the tree (near a second a query on this
 * form, many on a busy machine); a label query takes milliseconds.
 */
function fill(message: string) {
  const values = { Name: 'Ada Lovelace', Email: 'ada@example.com', Subject: 'Retrying', Message: message };
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\b`)), { target: { value } });
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message', hidden: true }));

describe('contact form retries', () => {
  it('sends one Idempotency-Key per message and reuses it when the reader retries', async () => {
    const server = fakeServer(2);
    renderForm(server.client);
    fill('First words');
    send();
    await waitFor(() => expect(server.seen).toHaveLength(1));
    await screen.findByText('Failed to send message. Please try again.');
    send();
    await waitFor(() => expect(server.seen).toHaveLength(2));
    // The reader changed the message: it is a new message, with a new key.
    fill('Better words');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message', hidden: true }).hasAttribute('disabled')).toBe(false));
    send();
    // The form's own confirmation (the toast says the same: a text query would wait for one to go).
    expect((await screen.findByTestId('inquiry-confirmation')).textContent).toContain('Message Sent!');
    const [first, retry, changed] = server.seen;
    expect(first.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(retry.key).toBe(first.key);
    expect(changed.message).toBe('Better words');
    expect(changed.key).not.toBe(first.key);
  });

  it('keeps the key for the same message and draws a new one for another', () => {
    const first = keyFor(null, 'a');
    expect(keyFor(first, 'a')).toBe(first);
    expect(keyFor(first, 'b').key).not.toBe(first.key);
  });
});
