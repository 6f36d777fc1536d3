import { describe, expect, it } from 'vitest';
import { inquiriesToCsv } from './inquiry-csv.js';

const inquiry = {
  id: 7,
  reference: 'INQ-000007',
  name: 'Zoë "Z" Ng',
  email: 'zoe@example.com.au',
  subject: '=HYPERLINK("http://evil")',
  message: 'Line one,\nline two',
  inquiryType: 'domain' as const,
  priority: true,
  createdAt: new Date('2026-11-20T01:02:03.000Z'),
};

describe('inquiriesToCsv', () => {
  it('writes a header and one quoted row per inquiry, neutralising formulas', () => {
    const csv = inquiriesToCsv([inquiry]);
    expect(csv.split('\n')[0]).toBe('reference,createdAt,inquiryType,priority,name,email,subject,message');
    expect(csv).toContain('INQ-000007,2026-11-20T01:02:03.000Z,domain,yes,"Zoë ""Z"" Ng",zoe@example.com.au,"\'=HYPERLINK(""http://evil"")","Line one,\nline two"');
  });

  it('writes only the header when there is nothing to export', () => {
    expect(inquiriesToCsv([])).toBe('reference,createdAt,inquiryType,priority,name,email,subject,message\n');
  });
});
