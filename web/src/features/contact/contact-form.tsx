import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { useToast } from '../../components/toast';
import { ContactField } from './contact-field';
import { InquiryConfirmation } from './inquiry-confirmation';
import {
  CONTACT_FORM_PATH,
  fieldMessages,
  INQUIRY_FIELD_NAMES,
  type InquiryFormOutcome,
  nextStepText,
  OFFER_FORM_PATH,
  parseAud,
  SEND_FAILED_TEXT,
  SENT_TEXT,
  SENT_TITLE,
} from './inquiry-form-data';
import { ContactPageSubmitDocument, type ContactPageQuery, type InquiryType, type OfferTimeframe } from '../../graphql/graphql';

/** An inquiry type as the server lists it (query ContactPage): its GraphQL value and its label. */
export type InquiryTypeOption = ContactPageQuery['inquiryTypes'][number];

export interface ContactFormProps {
  /** The selector's options, in the server's order; the first is selected until the reader picks another. */
  inquiryTypes: readonly InquiryTypeOption[];
  /** What the reader typed into the server-rendered form before its code arrived (the island reads it). */
  typedValues?: Partial<Record<FieldName, string>>;
  /** The inquiry type selected at first, as a form value (e.g. 'domain' from /contact?inquiry=domain). */
  initialInquiryType?: string;
  /** The offer form on /domain: 'Domain Purchase' only, an offer amount required, this heading and subject. */
  offer?: {
    heading: string;
    subject: string;
    minOfferAud: number | null;
    /** The Buy-Now price: an offer at or above it meets the asking price. */
    priceAud?: number | null;
    /** Filled in by "Buy now": the price as typed and the timeframe chosen. */
    amountAud?: string;
    timeframe?: OfferTimeframe;
  };
  /** The server's answer to this form sent without JavaScript: the reference, or the values and their messages. */
  outcome?: InquiryFormOutcome;
}

interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The selected option's form value; empty until the reader picks one. */
  inquiryType: string;
  /** A domain offer's fields, shown with 'Domain Purchase' (amount as typed: 250,000 or 250000). */
  amountAud: string;
  company: string;
  abn: string;
  timeframe: string;
}

type FieldName = keyof ContactValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const INITIAL_VALUES: ContactValues = { name: '', email: '', subject: '', message: '', inquiryType: '', amountAud: '', company: '', abn: '', timeframe: '' };
export const FIELD_NAMES: readonly FieldName[] = INQUIRY_FIELD_NAMES;

/** The offer form's timeframes, in the order offered (labels as the server describes them). */
export const OFFER_TIMEFRAME_OPTIONS: readonly { value: OfferTimeframe; label: string }[] = [
  { value: 'IMMEDIATELY', label: 'Ready to proceed now' },
  { value: 'WITHIN_1_MONTH', label: 'Within 1 month' },
  { value: 'WITHIN_3_MONTHS', label: 'Within 3 months' },
  { value: 'EXPLORING', label: 'Exploring options' },
];

export { parseAud };

/** An option's value in the form: the REST spelling of the type ('domain' for DOMAIN). */
function formValue(type: InquiryType): string {
  return type.toLowerCase();
}

/** A fresh Idempotency-Key: a UUID (crypto.randomUUID needs a secure context; random bytes do not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a submission: the same while the reader retries the same message (so a message that
 * was stored but whose answer was lost is not stored twice), a new one once the message changes.
 */
export function keyFor(previous: { key: string; message: string } | null, message: string): { key: string; message: string } {
  return previous && previous.message === message ? previous : { key: newIdempotencyKey(), message };
}

/** The server's per-field messages from a BAD_USER_INPUT answer (extensions.fields), keyed by form field. */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const problems: { field: string; message: string }[] = [];
  for (const graphqlError of error.errors) {
    if (graphqlError.extensions?.code !== 'BAD_USER_INPUT') continue;
    const fields = graphqlError.extensions.fields;
    if (!Array.isArray(fields)) continue;
    for (const item of fields as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const { field, message } = item as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string') problems.push({ field, message });
    }
  }
  // Paths may be nested (e.g. "input.email"): the same mapping as the server's form handler.
  return fieldMessages(problems);
}

export function ContactForm({ inquiryTypes: allTypes, typedValues, initialInquiryType, offer, outcome }: ContactFormProps) {
  const toast = useToast();
  // The offer form only sends domain purchases.
  const inquiryTypes = offer ? allTypes.filter((option) => formValue(option.value) === 'domain') : allTypes;
  const initialValues: ContactValues = {
    ...INITIAL_VALUES,
    inquiryType: offer ? 'domain' : (initialInquiryType ?? ''),
    subject: offer?.subject ?? '',
    amountAud: offer?.amountAud ?? '',
    timeframe: offer?.timeframe ?? OFFER_TIMEFRAME_OPTIONS[0].value,
  };
  // A form the server refused keeps its values; a stored one starts empty again.
  const [values, setValues] = useState<ContactValues>(() => ({ ...initialValues, ...(outcome?.reference ? {} : outcome?.values), ...typedValues }));
  const selected = inquiryTypes.find((option) => formValue(option.value) === values.inquiryType) ?? inquiryTypes[0];
  const isDomain = selected ? formValue(selected.value) === 'domain' : false;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(outcome?.fieldErrors ?? {});
  const [formError, setFormError] = useState(outcome?.formError ?? null);
  // The last send's reference stays on the page until dismissed (focused on each new send).
  const [receipt, setReceipt] = useState(
    outcome?.reference ? { reference: outcome.reference, inquiryType: outcome.inquiryType, meetsAskingPrice: outcome.meetsAskingPrice ?? false, sendCount: 0 } : null,
  );
  const path = offer ? OFFER_FORM_PATH : CONTACT_FORM_PATH;
  const [submit, { loading }] = useMutation(ContactPageSubmitDocument);
  // One Idempotency-Key per message, reused when the reader retries after a failure.
  const attempt = useRef<{ key: string; message: string } | null>(null);

  const update = (field: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setFieldErrors({});
    setFormError(null);
    // Honeypot: people never see this field; bots that fill it are discarded by the server.
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    // The offer: required on the offer form, optional with 'Domain Purchase' on the contact form.
    let amountAud: number | null = null;
    if (isDomain && (offer || values.amountAud.trim() !== '')) {
      amountAud = parseAud(values.amountAud);
      const minimum = offer?.minOfferAud ?? null;
      const problem =
        amountAud === null
          ? 'Offer amount must be a whole number of Australian dollars'
          : minimum !== null && amountAud < minimum
            ? `Offer amount must be at least the minimum offer of A$${minimum.toLocaleString('en-AU')}`
            : null;
      if (problem) {
        setFieldErrors({ amountAud: problem });
        return;
      }
    }
    const input = {
      name: values.name,
      email: values.email,
      subject: values.subject,
      message: values.message,
      // Without options (none listed) the server applies its default type.
      ...(selected ? { inquiryType: selected.value } : {}),
      ...(website ? { website } : {}),
      ...(amountAud !== null
        ? { offer: { amountAud, company: values.company || null, abn: values.abn || null, timeframe: values.timeframe as OfferTimeframe } }
        : {}),
    };
    attempt.current = keyFor(attempt.current, JSON.stringify(input));
    try {
      // The key travels as the Idempotency-Key header: the same message retried is stored once.
      const result = await submit({ variables: { input }, context: { headers: { 'Idempotency-Key': attempt.current.key } } });
      if (result.error || !result.data) throw result.error ?? new Error('No receipt returned');
      attempt.current = null;
      setValues(initialValues);
      const reference = result.data.submitContactMessage.reference;
      const inquiryType = selected ? formValue(selected.value) : undefined;
      // The same rule as the server's (amount at or above SALE_PRICE_AUD).
      const meetsAskingPrice = amountAud !== null && offer?.priceAud != null && amountAud >= offer.priceAud;
      setReceipt((current) => ({ reference, inquiryType, meetsAskingPrice, sendCount: (current?.sendCount ?? 0) + 1 }));
      // The reference for every inquiry type: what the sender quotes when they write again.
      toast({
        title: SENT_TITLE,
        description: SENT_TEXT,
        detail: `Your reference: ${reference}.${nextStepText(inquiryType)}`,
        variant: 'default',
      });
    } catch (error) {
      // Any failure gets the same toast; the entered values stay in the form.
      setFieldErrors(fieldErrorsFrom(error));
      toast({ title: 'Error', description: SEND_FAILED_TEXT, variant: 'destructive' });
    }
  };

  const fieldProps = (field: Exclude<FieldName, 'inquiryType'>, required = true) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: update(field),
    required,
    error: Boolean(fieldErrors[field]),
    helperText: fieldErrors[field],
  });

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="contact-form-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 3 }}>
          {offer?.heading ?? 'Send us a Message'}
        </Typography>
        {receipt && (
          <InquiryConfirmation
            reference={receipt.reference}
            inquiryType={receipt.inquiryType}
            meetsAskingPrice={receipt.meetsAskingPrice}
            path={path}
            sendCount={receipt.sendCount}
            onDismiss={() => setReceipt(null)}
          />
        )}
        {formError && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }} data-testid="form-error">
            {formError}
          </Alert>
        )}
        {/* Posted to the page itself when the island has not run: personal data never goes in the URL. */}
        <form method="post" action={path} onSubmit={handleSubmit} aria-labelledby="contact-form-heading">
          <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </Box>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ContactField {...fieldProps('name')} label="Name" autoComplete="name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ContactField {...fieldProps('email')} label="Email" type="email" autoComplete="email" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ContactField {...fieldProps('subject')} label="Subject" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <ContactField
                id="contact-inquiryType"
                name="inquiryType"
                label="Inquiry Type"
                value={selected ? formValue(selected.value) : ''}
                onChange={update('inquiryType')}
                error={Boolean(fieldErrors.inquiryType)}
                helperText={fieldErrors.inquiryType}
                options={inquiryTypes.map((option) => (
                  <option key={option.value} value={formValue(option.value)}>
                    {option.label}
                  </option>
                ))}
              />
            </Grid>
            {isDomain && (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ContactField
                    {...fieldProps('amountAud', Boolean(offer))}
                    label={offer ? 'Offer (AUD)' : 'Offer (AUD, optional)'}
                    inputMode="numeric"
                    helperText={fieldErrors.amountAud ?? (offer?.minOfferAud ? `Minimum offer A$${offer.minOfferAud.toLocaleString('en-AU')}, excluding GST` : 'Whole Australian dollars, excluding GST')}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ContactField
                    id="contact-timeframe"
                    name="timeframe"
                    label="Timeframe"
                    value={values.timeframe}
                    onChange={update('timeframe')}
                    error={Boolean(fieldErrors.timeframe)}
                    helperText={fieldErrors.timeframe}
                    options={OFFER_TIMEFRAME_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ContactField {...fieldProps('company', false)} label="Company (optional)" autoComplete="organization" />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <ContactField
                    {...fieldProps('abn', false)}
                    label="ABN (optional)"
                    inputMode="numeric"
                    helperText={fieldErrors.abn ?? 'A .com.au buyer needs an Australian presence, such as an ABN'}
                  />
                </Grid>
              </>
            )}
            <Grid size={12}>
              <ContactField {...fieldProps('message')} label="Message" multiline minRows={6} />
            </Grid>
            <Grid size={12}>
              <Button type="submit" variant="contained" size="large" disabled={loading} endIcon={<SendIcon aria-hidden />} sx={{ minWidth: 180 }}>
                {loading ? 'Sending...' : 'Send Message'}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                What we keep and for how long: <Link href="/privacy" underline="always">Privacy</Link>
              </Typography>
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  );
}
