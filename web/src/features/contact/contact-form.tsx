import { useState, type ChangeEvent, type FormEvent } from 'react';
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
import { ContactPageSubmitDocument, type ContactPageQuery, type InquiryType } from '../../graphql/graphql';

/** An inquiry type as the server lists it (query ContactPage): its GraphQL value and its label. */
export type InquiryTypeOption = ContactPageQuery['inquiryTypes'][number];

export interface ContactFormProps {
  /** The selector's options, in the server's order; the first is selected until the reader picks another. */
  inquiryTypes: readonly InquiryTypeOption[];
  /** What the reader typed into the server-rendered form before its code arrived (the island reads it). */
  typedValues?: Partial<Record<FieldName, string>>;
}

interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The selected option's form value; empty until the reader picks one. */
  inquiryType: string;
}

type FieldName = keyof ContactValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const INITIAL_VALUES: ContactValues = { name: '', email: '', subject: '', message: '', inquiryType: '' };
const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'subject', 'message', 'inquiryType'];

/** An option's value in the form: the REST spelling of the type ('domain' for DOMAIN). */
function formValue(type: InquiryType): string {
  return type.toLowerCase();
}

/** The server's per-field messages from a BAD_USER_INPUT answer (extensions.fields), keyed by form field. */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const result: FieldErrors = {};
  for (const graphqlError of error.errors) {
    if (graphqlError.extensions?.code !== 'BAD_USER_INPUT') continue;
    const fields = graphqlError.extensions.fields;
    if (!Array.isArray(fields)) continue;
    for (const item of fields as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const { field, message } = item as { field?: unknown; message?: unknown };
      if (typeof field !== 'string' || typeof message !== 'string') continue;
      // Paths may be nested (e.g. "input.email"); the last segment names the form field.
      const name = field.split('.').pop() as FieldName;
      if (FIELD_NAMES.includes(name) && !result[name]) result[name] = message;
    }
  }
  return result;
}

export function ContactForm({ inquiryTypes, typedValues }: ContactFormProps) {
  const toast = useToast();
  const [values, setValues] = useState<ContactValues>(() => ({ ...INITIAL_VALUES, ...typedValues }));
  const selected = inquiryTypes.find((option) => formValue(option.value) === values.inquiryType) ?? inquiryTypes[0];
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submit, { loading }] = useMutation(ContactPageSubmitDocument);

  const update = (field: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setFieldErrors({});
    // Honeypot: people never see this field; bots that fill it are discarded by the server.
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    try {
      const result = await submit({
        variables: {
          input: {
            name: values.name,
            email: values.email,
            subject: values.subject,
            message: values.message,
            // Without options (none listed) the server applies its default type.
            ...(selected ? { inquiryType: selected.value } : {}),
            ...(website ? { website } : {}),
          },
        },
      });
      if (result.error || !result.data) throw result.error ?? new Error('No receipt returned');
      setValues(INITIAL_VALUES);
      toast({ title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you soon.", variant: 'default' });
    } catch (error) {
      // Spec section 8: any failure gets the same toast; the entered values stay in the form.
      setFieldErrors(fieldErrorsFrom(error));
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    }
  };

  const fieldProps = (field: Exclude<FieldName, 'inquiryType'>) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: update(field),
    required: true,
    error: Boolean(fieldErrors[field]),
    helperText: fieldErrors[field],
  });

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="contact-form-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 3 }}>
          Send us a Message
        </Typography>
        <form onSubmit={handleSubmit} aria-labelledby="contact-form-heading">
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
            <Grid size={12}>
              <ContactField {...fieldProps('message')} label="Message" multiline minRows={6} />
            </Grid>
            <Grid size={12}>
              <Button type="submit" variant="contained" size="large" disabled={loading} endIcon={<SendIcon aria-hidden />} sx={{ minWidth: 180 }}>
                {loading ? 'Sending...' : 'Send Message'}
              </Button>
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  );
}
