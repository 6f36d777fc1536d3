import { z } from 'zod';
import { type FieldProblem, ValidationError } from '../../lib/errors.js';
import { INQUIRY_TYPES } from './contact-message.entity.js';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const requiredText = (field: keyof typeof CONTACT_LIMITS, label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(CONTACT_LIMITS[field], `${label} must be at most ${CONTACT_LIMITS[field]} characters`);

/** The one contact rule set: GraphQL and REST both submit through ContactService, which applies it. */
export const contactMessageSchema = z.strictObject(
  {
    name: requiredText('name', 'Name'),
    email: z
      .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
      .trim()
      .min(1, 'Email is required')
      .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
      .pipe(z.email('Email must be a valid email address')),
    subject: requiredText('subject', 'Subject'),
    message: requiredText('message', 'Message'),
    inquiryType: z
      .enum(INQUIRY_TYPES, { error: `Inquiry type must be one of: ${INQUIRY_TYPES.join(', ')}` })
      .default('general'),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'The message must be a JSON object' : undefined) },
);

export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export function validateContactMessage(raw: unknown): ContactMessageInput {
  const result = contactMessageSchema.safeParse(raw);
  if (result.success) return result.data;
  const fields: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: key, message: `Unknown field "${key}"` });
    } else {
      fields.push({ field: issue.path.map(String).join('.') || 'body', message: issue.message });
    }
  }
  const names = [...new Set(fields.map((f) => f.field))].join(', ');
  throw new ValidationError(`Invalid contact message: ${names}`, fields);
}
