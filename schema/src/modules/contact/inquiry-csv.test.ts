import { describe, expect, it } from 'vitest';
import { inquiriesToCsv, neutraliseCell } from './inquiry-csv.js';

const inquiry = {
  id: 7,
  reference: 'INQ-000007',
  name: 'Zoë "Z" Ng',
  email: 'zoe@example.com.au',
  subject: '=HYPERLINK("http://evil")',
  message: 'Line one,\nline two',
  inquiryType: 'domain' as const,
  priority: true,
  offer: null,
  meetsAskingPrice: false,
  createdAt: new Date('2026-11-20T01:02:03.000Z'),
};
// Selling the domain appended the offer's four columns after the original eight.
const HEADER = '"reference","createdAt","inquiryType","priority","name","email","subject","message","offerAmountAud","offerCompany","offerAbn","offerTimeframe"';

describe('inquiriesToCsv', () => {
  it('writes a header and one row per inquiry, every cell quoted, neutralising formulas', () => {
    const csv = inquiriesToCsv([inquiry]);
    expect(csv.split('\n')[0]).toBe(HEADER);
    expect(csv).toContain('"INQ-000007","2026-11-20T01:02:03.000Z","domain","yes","Zoë ""Z"" Ng","zoe@example.com.au","\'=HYPERLINK(""http://evil"")","Line one,\nline two","","","",""');
  });

  it('writes only the header when there is nothing to export', () => {
    expect(inquiriesToCsv([])).toBe(`${HEADER}\n`);
  });

  it("writes a domain offer's fields, neutralising a formula in the company", () => {
    const csv = inquiriesToCsv([{ ...inquiry, offer: { amountAud: 250_000, company: '=cmd|calc', abn: '51824753556', timeframe: 'within_1_month' } }]);
    expect(csv).toContain(`"250000","'=cmd|calc","51824753556","within_1_month"`);
  });

  it('quotes a cell that holds a separator, so a reader splitting on ; or , cannot split it', () => {
    const csv = inquiriesToCsv([{ ...inquiry, name: 'ok;=1+1', subject: 'a,b', message: 'plain' }]);
    expect(csv).toContain(`"ok;'=1+1","zoe@example.com.au","a,b","plain"`);
  });
});

/**
 * CSV injection payloads: [what, cell as stored, cell as exported]. A formula
 * character may hide behind whitespace or invisible characters, come in a fullwidth form, or follow
 * a separator inside the cell; each such place gets a quote in front, the rest stays as written.
 */
const PAYLOADS: Array<[string, string, string]> = [
  // At the start of the cell.
  ['=', '=1+1', "'=1+1"],
  ['+', '+1+1', "'+1+1"],
  ['-', '-1+1', "'-1+1"],
  ['@', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
  ['| (DDE)', '|calc', "'|calc"],
  ['%', '%0A=1+1', "'%0A=1+1"],
  ['a DDE command', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ['HYPERLINK', '=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
  // Behind whitespace and invisible characters (the input's own trimming is not relied on).
  ['leading spaces', '   =1+1', "'   =1+1"],
  ['a leading tab', '\t=1+1', "'\t'=1+1"],
  ['a leading tab before text', '\tplain', "'\tplain"],
  ['a leading carriage return', '\r=1+1', "'\r'=1+1"],
  ['a leading line feed', '\n=1+1', "'\n'=1+1"],
  ['a no-break space', '\u00A0=1+1', "'\u00A0=1+1"],
  ['an ideographic space', '\u3000+1', "'\u3000+1"],
  ['a zero-width space', '\u200B=1+1', "'\u200B=1+1"],
  ['a zero-width joiner', '\u200D@x', "'\u200D@x"],
  ['a word joiner', '\u2060-1', "'\u2060-1"],
  ['a byte order mark', '\uFEFF=1+1', "'\uFEFF=1+1"],
  ['a right-to-left override', '\u202E=1+1', "'\u202E=1+1"],
  ['a soft hyphen', '\u00AD=1', "'\u00AD=1"],
  ['a Hangul filler', '\u3164=1', "'\u3164=1"],
  ['a variation selector', '\uFE0F=1', "'\uFE0F=1"],
  ['a NUL', '\u0000=1', "'\u0000=1"],
  ['several invisible characters', ' \u200B\u200C\uFEFF =1', "' \u200B\u200C\uFEFF =1"],
  // Fullwidth and small forms.
  ['fullwidth =', '\uFF1D1+1', "'\uFF1D1+1"],
  ['fullwidth +', '\uFF0B1', "'\uFF0B1"],
  ['fullwidth -', '\uFF0D1', "'\uFF0D1"],
  ['fullwidth @', '\uFF20SUM(1)', "'\uFF20SUM(1)"],
  ['fullwidth |', '\uFF5Ccalc', "'\uFF5Ccalc"],
  ['fullwidth %', '\uFF05x', "'\uFF05x"],
  ['small =', '\uFE661', "'\uFE661"],
  ['fullwidth = behind a zero-width space', '\u200B\uFF1D1', "'\u200B\uFF1D1"],
  // After a separator inside the cell.
  ['after ;', 'ok;=1+1', "ok;'=1+1"],
  ['after ,', 'ok,=1+1', "ok,'=1+1"],
  ['after a tab', 'ok\t=1+1', "ok\t'=1+1"],
  ['after a line break', 'Hello\n=1+1', "Hello\n'=1+1"],
  ['after ; and spaces', 'ok;  -2+3', "ok;'  -2+3"],
  ['after ; and a zero-width space', 'ok;\u200B=1', "ok;'\u200B=1"],
  ['after , in fullwidth', 'ok,\uFF1D1', "ok,'\uFF1D1"],
  ['| after ;', 'ok;|calc', "ok;'|calc"],
  ['% after ,', 'ok,%0A', "ok,'%0A"],
  ['several parts', '=1;+2,@3', "'=1;'+2,'@3"],
  ['two separators in a row', 'a;;=1', "a;;'=1"],
  // Ordinary text stays as written.
  ['plain text', 'Domain enquiry', 'Domain enquiry'],
  ['an email address', 'zoe@example.com.au', 'zoe@example.com.au'],
  ['a sign inside a word', 'well-known e=mc2 a+b', 'well-known e=mc2 a+b'],
  ['a separator before text', 'one; two, three', 'one; two, three'],
  ['an empty cell', '', ''],
];

describe('neutraliseCell', () => {
  it.each(PAYLOADS)('%s', (_what, cell, exported) => {
    expect(neutraliseCell(cell)).toBe(exported);
  });

  it.each(PAYLOADS)('exports %s quoted and neutralised', (_what, cell, exported) => {
    const [, row] = inquiriesToCsv([{ ...inquiry, name: cell, email: cell, subject: cell, message: cell }]).split(/\n(?="INQ-)/);
    const quoted = `"${exported.replace(/"/g, '""')}"`;
    expect(row).toBe(`"INQ-000007","2026-11-20T01:02:03.000Z","domain","yes",${[quoted, quoted, quoted, quoted].join(',')},"","","",""\n`); // the offer columns, empty
  });

  it('leaves no cell whose visible text starts with a formula character, in any part', () => {
    const invisible = /^[\s\p{Cc}\p{Cf}\uFE00-\uFE0F\u3164]*/u;
    for (const [what, cell] of PAYLOADS) {
      for (const part of neutraliseCell(cell).split(/[;,\t\r\n]/)) {
        expect(part.replace(invisible, ''), `${what}: ${JSON.stringify(part)}`).not.toMatch(/^[=+\-@|%\uFF1D\uFF0B\uFF0D\uFF20\uFF5C\uFF05\uFE66]/u);
      }
    }
  });
});
