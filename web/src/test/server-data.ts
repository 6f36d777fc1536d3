import { InMemoryCache } from '@apollo/client';
import { ContactPageDocument, type ContactPageQuery } from '../graphql/graphql';

type InquiryTypes = ContactPageQuery['inquiryTypes'];

/**
 * The server's answer to query ContactPage (schema's inquiry types, in its order), as a mock:
 * in the browser these arrive already rendered and as island props, never fetched.
 */
export const serverInquiryTypes: (InquiryTypes[number] & { __typename: 'InquiryTypeOption' })[] = [
  { __typename: 'InquiryTypeOption', value: 'GENERAL', label: 'General Inquiry' },
  { __typename: 'InquiryTypeOption', value: 'DOMAIN', label: 'Domain Purchase' },
  { __typename: 'InquiryTypeOption', value: 'ADVERTISING', label: 'Advertising Partnership' },
  { __typename: 'InquiryTypeOption', value: 'EDITORIAL', label: 'Editorial Submission' },
  { __typename: 'InquiryTypeOption', value: 'TECHNICAL', label: 'Technical Support' },
];

/** A cache holding what every server render has before the page renders: the static lists it reads. */
export function createServerDataCache(): InMemoryCache {
  const cache = new InMemoryCache();
  cache.writeQuery({ query: ContactPageDocument, data: { inquiryTypes: serverInquiryTypes } });
  return cache;
}
