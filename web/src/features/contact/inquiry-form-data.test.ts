import { describe, expect, it } from 'vitest';
import { fieldMessages, formValues, inquiryFromForm } from './inquiry-form-data';

const typed = { name: 'Ada', email: 'ada@example.com.au', subject: 'Hello', message: 'Hi there' };

describe('a posted inquiry form', () => {
  it('keeps the known fields as text, the first of a repeated field, and nothing else', () => {
    expect(formValues({ ...typed, name: ['Ada', 'Eve'], extra: 'x', amountAud: 5 })).toEqual(typed);
  });

  it('carries an offer on the offer form always, and on the contact form only with a domain purchase and an amount', () => {
    expect(inquiryFromForm({ ...typed, inquiryType: 'general', amountAud: '5' }, '', false)).toEqual({ ...typed, inquiryType: 'general' });
    expect(inquiryFromForm({ ...typed, inquiryType: 'domain' }, '', false)).toEqual({ ...typed, inquiryType: 'domain' });
    expect(inquiryFromForm({ ...typed, amountAud: 'A$250,000', timeframe: 'WITHIN_1_MONTH', company: ' Acme ', abn: '' }, '', true)).toEqual({
      ...typed,
      inquiryType: 'domain',
      offer: { amountAud: 250_000, company: 'Acme', abn: null, timeframe: 'within_1_month' },
    });
    // An amount that is not whole dollars goes on as typed, for the service to name.
    expect((inquiryFromForm({ ...typed, amountAud: '12.5' }, '', true).offer as { amountAud: unknown }).amountAud).toBe('12.5');
  });

  it('passes the honeypot on only when filled', () => {
    expect(inquiryFromForm(typed, 'http://spam.example', false)).toMatchObject({ website: 'http://spam.example' });
    expect(inquiryFromForm(typed, '', false)).not.toHaveProperty('website');
  });

  it("maps the service's field problems to the form's fields, the first message of each", () => {
    expect(
      fieldMessages([
        { field: 'offer.amountAud', message: 'too low' },
        { field: 'email', message: 'bad email' },
        { field: 'email', message: 'second' },
        { field: 'body', message: 'not a field' },
      ]),
    ).toEqual({ amountAud: 'too low', email: 'bad email' });
  });
});
