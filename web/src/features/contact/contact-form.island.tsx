import { ApolloProvider } from '@apollo/client/react';
import { ToastProvider } from '../../components/toast';
import { createApolloClient } from '../../islands/apollo-client';
import { hydrateReactIsland } from '../../islands/hydrate-react-island';
import { ContactForm, FIELD_NAMES, type ContactFormProps } from './contact-form';

/** What the server passes the island (serialised into the page): the inquiry types it listed, the preselected type, the offer form's terms. */
export type ContactFormIslandProps = ContactFormProps;

/** The contact form and its toasts: the one part of the contact page that runs React in the browser. */
export function ContactFormIsland(props: ContactFormIslandProps) {
  return (
    <ToastProvider>
      <ContactForm {...props} />
    </ToastProvider>
  );
}

/** The fields as the reader left them: the form is usable (typeable) before its code arrives. */
function typedValues(element: HTMLElement): ContactFormProps['typedValues'] {
  const form = element.querySelector('form');
  if (!form) return {};
  const data = new FormData(form);
  const values: NonNullable<ContactFormProps['typedValues']> = {};
  for (const name of FIELD_NAMES) {
    const value = data.get(name);
    if (typeof value === 'string' && value !== '') values[name] = value;
  }
  return values;
}

export function hydrate(element: HTMLElement, props: ContactFormIslandProps): void {
  hydrateReactIsland(
    element,
    <ApolloProvider client={createApolloClient()}>
      <ContactFormIsland {...props} typedValues={typedValues(element)} />
    </ApolloProvider>,
  );
}
