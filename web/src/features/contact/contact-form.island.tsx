import { ApolloProvider } from '@apollo/client/react';
import { ToastProvider } from '../../components/toast';
import { createApolloClient } from '../../islands/apollo-client';
import { hydrateReactIsland } from '../../islands/hydrate-react-island';
import { ContactForm, type ContactFormProps } from './contact-form';

/** What the server passes the island (serialised into the page): the inquiry types it listed. */
export type ContactFormIslandProps = ContactFormProps;

/** The contact form and its toasts: the one part of the contact page that runs React in the browser. */
export function ContactFormIsland(props: ContactFormIslandProps) {
  return (
    <ToastProvider>
      <ContactForm {...props} />
    </ToastProvider>
  );
}

export function hydrate(element: HTMLElement, props: ContactFormIslandProps): void {
  hydrateReactIsland(
    element,
    <ApolloProvider client={createApolloClient()}>
      <ContactFormIsland {...props} />
    </ApolloProvider>,
  );
}
