// MJML 5 ships no types: the one call the mail compiler makes (it resolves in MJML 5).
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: { formattedMessage: string }[];
  }
  export default function mjml2html(mjml: string, options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean }): Promise<MjmlResult>;
}
