import { createContext, useContext, type ReactNode } from 'react';
import type { InquiryFormOutcome } from './inquiry-form-data';

const InquiryOutcomeContext = createContext<InquiryFormOutcome | null>(null);

/** The answer to a form sent without JavaScript, for the page the server renders in reply. */
export function InquiryOutcomeProvider({ value, children }: { value: InquiryFormOutcome | null; children: ReactNode }) {
  return <InquiryOutcomeContext.Provider value={value}>{children}</InquiryOutcomeContext.Provider>;
}

/** The outcome of the form posted to this page, if the page answers one. */
export function useInquiryOutcome(path: InquiryFormOutcome['path']): InquiryFormOutcome | undefined {
  const outcome = useContext(InquiryOutcomeContext);
  return outcome?.path === path ? outcome : undefined;
}
