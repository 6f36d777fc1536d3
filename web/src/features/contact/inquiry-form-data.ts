/**
 * The contact and offer forms' fields, read the same way by the island (in the page) and by the
 * server's form handler (a form sent without JavaScript): one mapping from typed values to the
 * inquiry the contact service validates, one mapping from its field problems back to the fields.
 */

export type InquiryFieldName = 'name' | 'email' | 'subject' | 'message' | 'inquiryType' | 'amountAud' | 'company' | 'abn' | 'timeframe';

export const INQUIRY_FIELD_NAMES: readonly InquiryFieldName[] = ['name', 'email', 'subject', 'message', 'inquiryType', 'amountAud', 'company', 'abn', 'timeframe'];

export type InquiryFieldValues = Partial<Record<InquiryFieldName, string>>;
export type InquiryFieldErrors = Partial<Record<InquiryFieldName, string>>;

/** Where each form posts when JavaScript does not send it: the page it is on. */
export const CONTACT_FORM_PATH = '/contact';
export const OFFER_FORM_PATH = '/domain';

/** Shown when a message could not be sent for a reason that belongs to no field. */
export const SEND_FAILED_TEXT = 'Failed to send message. Please try again.';
export const SENT_TITLE = 'Message Sent!';
export const SENT_TEXT = "Thank you for contacting us. We'll get back to you soon.";
/** Said to a buyer whose offer is at or above the Buy-Now price. */
export const MEETS_ASKING_PRICE_TEXT = 'Your offer meets the asking price.';

/**
 * What the server learned from a form sent without JavaScript, rendered into the page: the
 * reference once stored, or the values as entered with each field's message.
 */
export interface InquiryFormOutcome {
  /** The page's form that was sent. */
  path: typeof CONTACT_FORM_PATH | typeof OFFER_FORM_PATH;
  /** Stored: the reference the sender quotes (INQ-…). */
  reference?: string;
  /** The inquiry type sent (for the promised reply time). */
  inquiryType?: string;
  /** Stored: a domain offer at or above the Buy-Now price. */
  meetsAskingPrice?: boolean;
  /** Not stored: the values as entered, kept in the form. */
  values?: InquiryFieldValues;
  fieldErrors?: InquiryFieldErrors;
  /** Not stored for a reason that belongs to no field (too many messages, the database away). */
  formError?: string;
}

/** An amount as typed ("A$250,000", "250 000") to whole dollars; null when it is not one. */
export function parseAud(typed: string): number | null {
  const cleaned = typed.replace(/^\s*A?\$\s*/i, '').replace(/[,\s]/g, '');
  if (!/^\d{1,10}$/.test(cleaned)) return null;
  const amount = Number(cleaned);
  return amount >= 1 && amount <= 1_000_000_000 ? amount : null;
}

/** The fields of a posted form as text (a field sent twice keeps its first value). */
export function formValues(body: Record<string, unknown>): InquiryFieldValues {
  const values: InquiryFieldValues = {};
  for (const name of INQUIRY_FIELD_NAMES) {
    const raw = Array.isArray(body[name]) ? (body[name] as unknown[])[0] : body[name];
    if (typeof raw === 'string') values[name] = raw;
  }
  return values;
}

/**
 * The inquiry a posted form describes, as the contact service takes it. An offer goes with a
 * domain purchase: always on the offer form, on the contact form when an amount was typed. An
 * amount that is not whole dollars is passed on as typed, so the service names the problem.
 */
export function inquiryFromForm(values: InquiryFieldValues, website: unknown, offerForm: boolean): Record<string, unknown> {
  const inquiryType = offerForm ? 'domain' : (values.inquiryType ?? '').toLowerCase() || undefined;
  const typedAmount = (values.amountAud ?? '').trim();
  const withOffer = inquiryType === 'domain' && (offerForm || typedAmount !== '');
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    subject: values.subject ?? '',
    message: values.message ?? '',
    ...(inquiryType ? { inquiryType } : {}),
    ...(typeof website === 'string' && website ? { website } : {}),
    ...(withOffer
      ? {
          offer: {
            amountAud: parseAud(typedAmount) ?? typedAmount,
            company: values.company?.trim() || null,
            abn: values.abn?.trim() || null,
            // The form lists GraphQL's spelling (WITHIN_1_MONTH); the service takes the stored one.
            timeframe: (values.timeframe || 'IMMEDIATELY').toLowerCase(),
          },
        }
      : {}),
  };
}

/** The service's field problems ("offer.amountAud", "email") keyed by the form field they belong to; the first for each. */
export function fieldMessages(problems: readonly { field: string; message: string }[]): InquiryFieldErrors {
  const result: InquiryFieldErrors = {};
  for (const { field, message } of problems) {
    const name = field.split('.').pop() as InquiryFieldName;
    if (INQUIRY_FIELD_NAMES.includes(name) && !result[name]) result[name] = message;
  }
  return result;
}

/** What happens next, by inquiry type: domain purchases are answered the same day. */
export function nextStepText(inquiryType: string | undefined): string {
  return inquiryType === 'domain' ? ' Domain purchases get a reply the same day.' : '';
}
