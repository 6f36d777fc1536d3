const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Characters XML 1.0 does not allow, lone surrogates included. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Anything escapeXml would change; most text has none, and testing for it is cheaper than replacing. */
const NEEDS_ESCAPE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<>]/;

/** Text as XML character data: markup characters escaped, characters XML cannot carry dropped. */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>]/g, (c) => XML_ESCAPES[c]);
}
