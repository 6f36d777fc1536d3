import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { validateContactMessage } from './contact.validation.js';

const valid = {
  name: 'Priya Natarajan',
  email: 'priya@example.com.au',
  subject: 'Domain enquiry',
  message: 'We would like to discuss acquiring the domain.',
};

function problems(raw: unknown) {
  try {
    validateContactMessage(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields;
  }
  throw new Error('expected a validation error');
}

describe('validateContactMessage', () => {
  it('accepts a valid message, trims it and defaults the inquiry type to general', () => {
    expect(validateContactMessage({ ...valid, name: '  Priya Natarajan  ' })).toEqual({ ...valid, inquiryType: 'general' });
  });

  it.each(['general', 'domain', 'advertising', 'editorial', 'technical'])('accepts inquiry type %s', (inquiryType) => {
    expect(validateContactMessage({ ...valid, inquiryType }).inquiryType).toBe(inquiryType);
  });

  it('names every missing field at once', () => {
    expect(problems({}).map((p) => p.field).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it.each([
    ['name', '   ', 'Name is required'],
    ['subject', '', 'Subject is required'],
    ['message', '\n\t ', 'Message is required'],
    ['email', 'not-an-email', 'Email must be a valid email address'],
    ['email', 'a@b', 'Email must be a valid email address'],
    ['name', 'x'.repeat(101), 'Name must be at most 100 characters'],
    ['email', `${'x'.repeat(250)}@example.com`, 'Email must be at most 254 characters'],
    ['subject', 'x'.repeat(201), 'Subject must be at most 200 characters'],
    ['message', 'x'.repeat(5001), 'Message must be at most 5000 characters'],
    ['name', 42, 'Name must be text'],
    ['inquiryType', 'sales', 'Inquiry type must be one of: general, domain, advertising, editorial, technical'],
  ])('rejects %s = %j', (field, value, message) => {
    expect(problems({ ...valid, [field]: value })).toEqual([{ field, message }]);
  });

  it('accepts values exactly at the limits', () => {
    const atLimit = { ...valid, name: 'n'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5000) };
    expect(validateContactMessage(atLimit).message).toHaveLength(5000);
  });

  it('rejects unknown fields by name', () => {
    expect(problems({ ...valid, phone: '0400 000 000', admin: true })).toEqual([
      { field: 'phone', message: 'Unknown field "phone"' },
      { field: 'admin', message: 'Unknown field "admin"' },
    ]);
  });

  it.each([null, 'text', 42, ['a']])('rejects a body that is not an object: %j', (raw) => {
    expect(problems(raw)).toEqual([{ field: 'body', message: 'The message must be a JSON object' }]);
  });
});
