type Mjml2Html = (typeof import('mjml'))['default'];

let loading: Promise<Mjml2Html> | undefined;

/**
 * MJML, loaded with the first mail composed rather than at start: it holds about 60 MB of resident
 * memory once imported, which a process that never sends mail should not carry under its memory bound.
 */
export function loadMjml(): Promise<Mjml2Html> {
  loading ??= import('mjml').then((module) => module.default);
  return loading;
}
