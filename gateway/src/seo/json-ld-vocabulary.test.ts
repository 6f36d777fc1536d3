import path from 'node:path';
import { Parser } from 'htmlparser2';
import request from 'supertest';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The structured data every page template serves, checked against schema.org's vocabulary as
 * schema-dts publishes it (each type's properties and what they take): the TypeScript compiler
 * checks each served document as a value of `WithContext<Thing>`, so an unknown type, a property
 * the type does not have, or a value of the wrong kind fails with the compiler's message.
 */
const SITE = 'https://news.example.au';
const EDITOR = { name: 'owner', role: 'admin' } as const;
let t: TestApp;
const paths: string[] = [];

/** Every `<script type="application/ld+json">` of a page, read by an HTML parser. */
function jsonLdOf(html: string): unknown[] {
  const found: string[] = [];
  let inside = false;
  let text = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      inside = name === 'script' && attributes.type === 'application/ld+json';
      text = '';
    },
    ontext(chunk) {
      if (inside) text += chunk;
    },
    onclosetag(name) {
      if (name === 'script' && inside) found.push(text);
      inside = false;
    },
  });
  parser.end(html);
  return found.map((json) => JSON.parse(json) as unknown);
}

/** The compiler's complaints about each document as schema.org data; empty when all conform. */
function vocabularyErrors(documents: { where: string; json: unknown }[]): string[] {
  const file = path.resolve('json-ld-vocabulary-check.ts');
  const source = [
    "import type { Graph, Thing, WithContext } from 'schema-dts';",
    ...documents.map((d, i) => `export const document${i}: WithContext<Thing> | Graph = ${JSON.stringify(d.json)};`),
  ].join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) => (path.resolve(name) === file ? ts.createSourceFile(name, source, language) : read(name, language, ...rest));
  host.fileExists = (name) => path.resolve(name) === file || exists(name);
  return ts.getPreEmitDiagnostics(ts.createProgram([file], options, host)).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
    return `${documents[line - 1]?.where ?? 'check'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 400)}`;
  });
}

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  t = await createTestApp({ SITE_URL: SITE }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  const services = createServices(t.db.orm.em.fork());
  // An author with every profile link, a story of each label, and a corrected story.
  const author = await services.authors.create(
    { name: 'Priya Raman', role: 'Senior Reporter, Security', bio: 'Priya covers breaches and the people who fix them.', categorySlugs: ['cybersecurity'], linkedinUrl: 'https://www.linkedin.com/in/priya-raman', websiteUrl: 'https://priya.example.au', fediverseHandle: '@priya@mastodon.example' },
    EDITOR,
  );
  const story = (kind: string, extra: object = {}) =>
    createServices(t.db.orm.em.fork()).articleEditing.create(
      { title: `A ${kind} story on Sydney's data centres`, excerpt: 'Power and water for the cloud.', content: 'Sydney adds capacity. Water use is questioned.', category: 'cloud-computing', author: author.name, kind, ...extra },
      EDITOR,
    );
  const news = await story('news');
  await createServices(t.db.orm.em.fork()).corrections.add(news.id, { kind: 'correction', text: 'An earlier version gave the wrong capacity figure.' }, EDITOR);
  const analysis = await story('analysis');
  const opinion = await story('opinion');
  const explainer = await story('explainer');
  const sponsored = await story('sponsored', { sponsorName: 'SummitStack Hosting' });
  paths.push(
    '/',
    '/about',
    '/contact',
    '/domain',
    '/categories',
    '/categories/cloud-computing',
    '/search?q=Sydney',
    '/newsletter',
    '/authors',
    `/authors/${author.slug}`,
    '/corrections',
    '/masthead',
    '/editorial-standards',
    '/corrections-policy',
    '/ownership',
    '/ai-policy',
    ...[news, analysis, opinion, explainer, sponsored].map((a) => `/articles/${a.id}`),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('structured data against the schema.org vocabulary', () => {
  it('finds no type or property that schema.org lacks, nor a value of the wrong kind, on any page template', async () => {
    const documents: { where: string; json: unknown }[] = [];
    for (const pagePath of paths) {
      const res = await request(t.app).get(pagePath).set('Accept', 'text/html').expect(200);
      documents.push(...jsonLdOf(res.text).map((json) => ({ where: pagePath, json })));
    }
    const types = new Set(documents.flatMap((d) => [(d.json as { '@type'?: string })['@type']]));
    // The templates' own types are all among what was checked.
    for (const type of ['NewsMediaOrganization', 'ProfilePage', 'NewsArticle', 'AnalysisNewsArticle', 'OpinionNewsArticle', 'AdvertiserContentArticle', 'CollectionPage']) expect(types, type).toContain(type);
    expect(vocabularyErrors(documents)).toEqual([]);
  }, 60_000);

  it('names what is wrong in a document that does not conform', () => {
    const errors = vocabularyErrors([
      { where: 'a misspelt property', json: { '@context': 'https://schema.org', '@type': 'Person', name: 'Priya Raman', jobTitel: 'Reporter' } },
      { where: 'an unknown type', json: { '@context': 'https://schema.org', '@type': 'NewsArtikel', headline: 'Sydney' } },
      { where: 'a number for a text', json: { '@context': 'https://schema.org', '@type': 'CorrectionComment', text: { value: 1 } } },
    ]);
    expect(errors).toEqual([expect.stringMatching(/^a misspelt property: .*jobTitel/), expect.stringMatching(/^an unknown type: .*NewsArtikel/), expect.stringMatching(/^a number for a text: /)]);
  });
});
