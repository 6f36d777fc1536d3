import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '../../config/site-config';
import { testSiteConfig } from '../../test/render-page';
import { theme } from '../../theme/theme';
import { bylineChoices } from './article-editor';
import { authorBody } from './authors-panel';
import { NewsroomApp } from './newsroom-app.island';

/** The newsroom's authors, corrections and kind filter, against a fake server that records what was sent. */
const TOKEN = 'atn_good-token-for-tests';
const categories = [
  { __typename: 'Category', id: '1', name: 'Artificial Intelligence', slug: 'artificial-intelligence' },
  { __typename: 'Category', id: '3', name: 'Cybersecurity', slug: 'cybersecurity' },
];
const live = {
  __typename: 'EditorArticle',
  id: '41',
  title: 'Canberra trials a sovereign cloud for agencies',
  excerpt: 'The pilot moves three departments onto local infrastructure.',
  content: 'The pilot starts in January. It covers three departments.',
  author: 'Desk Staff',
  sourceUrl: null,
  isBreaking: false,
  publishedAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  imageUrl: '/media/covers/cybersecurity/canberra.svg',
  readingMinutes: 1,
  status: 'PUBLISHED',
  state: 'LIVE',
  kind: 'NEWS',
  category: categories[1],
};
const opinion = { ...live, id: '42', title: 'Why the grid needs batteries', kind: 'OPINION', author: 'Daniel Huynh' };
const daniel = { slug: 'daniel-huynh', name: 'Daniel Huynh', role: 'Senior Reporter, Security', bio: 'Daniel covers breaches.', categorySlugs: ['cybersecurity'], updatedAt: '2026-11-20T01:00:00.000Z' };

interface Sent {
  method: string;
  url: string;
  body?: unknown;
  operationName?: string;
  variables?: Record<string, unknown>;
}

type RestAnswer = (body: unknown, url: string) => { status: number; body: unknown };

/** REST answers by "METHOD path" (a path ending in * matches its prefix), GraphQL by operation name. */
function fakeServer(rest: Record<string, RestAnswer>, graphql: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  const sent: Sent[] = [];
  const answers = {
    NewsroomArticles: (variables: Record<string, unknown>) => ({
      data: {
        editorArticles: { __typename: 'EditorArticleConnection', nodes: variables.kind === 'OPINION' ? [opinion] : [live, opinion], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } },
        categories,
      },
    }),
    NewsroomTicker: () => ({ data: { editorBreakingNews: [] } }),
    NewsroomPartners: () => ({ data: { editorPartners: [] } }),
    NewsroomRevisions: () => ({ data: { articleRevisions: { __typename: 'ArticleRevisionConnection', nodes: [] } } }),
    NewsroomArticleCorrections: (variables: Record<string, unknown>) => ({ data: { editorArticle: { __typename: 'EditorArticle', id: variables.id, corrections: [] } } }),
    ...graphql,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/')) {
        const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
        sent.push({ method, url, body });
        const key = Object.keys(rest).find((k) => k === `${method} ${url}` || (k.endsWith('*') && `${method} ${url}`.startsWith(k.slice(0, -1))));
        const answer = key ? rest[key](body, url) : { status: 404, body: { message: 'Not found' } };
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
      }
      const body = JSON.parse(String(init?.body)) as { operationName: keyof typeof answers; variables: Record<string, unknown> };
      sent.push({ method, url, operationName: body.operationName, variables: body.variables });
      const answer = answers[body.operationName];
      const payload = answer ? answer(body.variables) : { data: null, errors: [{ message: `No answer for ${body.operationName}` }] };
      return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function renderNewsroom() {
  sessionStorage.setItem('technews.newsroom-token', TOKEN);
  window.__SITE_CONFIG__ = testSiteConfig;
  render(
    <ThemeProvider theme={theme}>
      <SiteConfigProvider value={testSiteConfig}>
        <MemoryRouter>
          <NewsroomApp />
        </MemoryRouter>
      </SiteConfigProvider>
    </ThemeProvider>,
  );
}

/** Picks an option of an MUI select by the select's label. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const text = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('authors in the newsroom', () => {
  it('creates an author through the REST API, shows the fields it refused, then lists the author and offers them as a byline', async () => {
    let authors: unknown[] = [daniel];
    let attempts = 0;
    const sent = fakeServer({
      'GET /api/authors': () => ({ status: 200, body: authors }),
      'POST /api/admin/authors': (body) => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 400,
            body: {
              message: 'Invalid author: bio, linkedinUrl',
              errors: [
                { field: 'bio', message: 'Bio must be plain text, without HTML' },
                { field: 'linkedinUrl', message: 'LinkedIn URL must be an https:// address' },
              ],
            },
          };
        }
        const created = { ...(body as object), slug: 'maren-talbot', updatedAt: '2026-11-28T01:00:00.000Z' };
        authors = [daniel, created];
        return { status: 201, body: created };
      },
    });
    renderNewsroom();
    const list = await screen.findByRole('list', { name: 'Authors' });
    expect(within(list).getByRole('link', { name: 'Daniel Huynh' }).getAttribute('href')).toBe('/authors/daniel-huynh');

    fireEvent.click(screen.getByRole('button', { name: 'New Author' }));
    const form = await screen.findByRole('form', { name: 'New Author' });
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Name' }));
    text('Name', 'Maren Talbot');
    text('Role', 'Reporter, Security');
    // A long bio arrives in one change, as a paste would.
    text('Bio', `<b>Maren</b> ${'covers breaches and the agencies that answer them. '.repeat(30)}`);
    text('LinkedIn URL', 'javascript:alert(1)');
    text('Fediverse handle', '@maren@aus.social');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Categories covered' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cybersecurity' }));
    fireEvent.click(screen.getByRole('option', { name: 'Artificial Intelligence' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Author' }));

    expect(await screen.findByText('Bio must be plain text, without HTML')).toBeTruthy();
    expect(screen.getByText('LinkedIn URL must be an https:// address')).toBeTruthy();
    expect(screen.getByText('Invalid author: bio, linkedinUrl')).toBeTruthy();

    text('Bio', 'Maren covers breaches and the agencies that answer them.');
    text('LinkedIn URL', 'https://www.linkedin.com/in/maren-talbot');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Author' }));
    const notice = await screen.findByText('Author created: Maren Talbot', { exact: false });
    expect(within(notice).getByRole('link', { name: 'View author page' }).getAttribute('href')).toBe('/authors/maren-talbot');
    const posts = sent.filter((s) => s.method === 'POST' && s.url.startsWith('/api/'));
    // Empty fields are left out: the slug is made from the name, no website is set.
    expect(posts[1].body).toEqual({
      name: 'Maren Talbot',
      role: 'Reporter, Security',
      bio: 'Maren covers breaches and the agencies that answer them.',
      linkedinUrl: 'https://www.linkedin.com/in/maren-talbot',
      fediverseHandle: '@maren@aus.social',
      categorySlugs: ['cybersecurity', 'artificial-intelligence'],
    });
    expect(await within(screen.getByRole('list', { name: 'Authors' })).findByRole('link', { name: 'Maren Talbot' })).toBeTruthy();

    // The article form's byline is picked from the authors.
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Author' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Daniel Huynh', 'Maren Talbot']);
  });

  it('sends only the changed fields of an existing author, to PATCH /api/admin/authors/{slug}', async () => {
    const sent = fakeServer({
      'GET /api/authors': () => ({ status: 200, body: [daniel] }),
      'PATCH /api/admin/authors/daniel-huynh': (body) => ({ status: 200, body: { ...daniel, ...(body as object) } }),
    });
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit author Daniel Huynh' }));
    expect((screen.getByRole('textbox', { name: 'Bio' }) as HTMLTextAreaElement).value).toBe(daniel.bio);
    text('Role', 'Security Editor');
    fireEvent.click(screen.getByRole('button', { name: 'Save Author' }));
    expect(await screen.findByText('Author saved: Daniel Huynh', { exact: false })).toBeTruthy();
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ role: 'Security Editor' });
  });

  it("uploads an existing author's photo as the file photo, shows the API's refusal naming it, and removes it", async () => {
    let refuse = true;
    const sent = fakeServer({
      'GET /api/authors': () => ({ status: 200, body: [daniel] }),
      'PUT /api/admin/authors/daniel-huynh/photo': () =>
        refuse
          ? { status: 400, body: { message: 'Invalid photo', errors: [{ field: 'photo', message: 'Photo must be a JPEG, PNG or WebP image (checked by its content, not its name)' }] } }
          : { status: 200, body: { ...daniel, photoUrl: '/media/authors/7-0123456789abcdef.webp' } },
      'DELETE /api/admin/authors/daniel-huynh/photo': () => ({ status: 200, body: daniel }),
    });
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit author Daniel Huynh' }));
    expect(screen.getByText('No photo: the page shows a generated portrait.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByText('Choose a picture first.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'PUT')).toBe(false);

    const picture = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'daniel.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Photo file'), { target: { files: [picture] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByText('Photo must be a JPEG, PNG or WebP image (checked by its content, not its name)')).toBeTruthy();
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/authors/daniel-huynh/photo');
    expect((put.body as FormData).get('photo')).toBeInstanceOf(File);

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Upload Photo' }));
    expect(await screen.findByText('Photo uploaded: the author page shows it now.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Current photo of Daniel Huynh' }).getAttribute('src')).toBe('/media/authors/7-0123456789abcdef.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(await screen.findByText('Photo removed: the author page shows the generated portrait.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Current photo of Daniel Huynh' })).toBeNull();
  });

  it('builds the request body: a new author without empty fields, an existing one with changes only (an emptied link clears it)', () => {
    const values = { name: ' Ada ', slug: '', role: 'Reporter', bio: 'Writes.', categorySlugs: [], linkedinUrl: '', fediverseHandle: '', websiteUrl: '' };
    expect(authorBody(values, null)).toEqual({ name: 'Ada', role: 'Reporter', bio: 'Writes.' });
    const existing = { slug: 'ada', name: 'Ada', role: 'Reporter', bio: '', categorySlugs: ['cybersecurity'], websiteUrl: 'https://example.com' };
    expect(authorBody({ ...values, slug: 'ada', bio: '', categorySlugs: ['cybersecurity'], role: 'Editor' }, existing)).toEqual({ role: 'Editor', websiteUrl: '' });
  });
});

describe('the byline', () => {
  it('keeps an older story’s byline of no author as a choice, and sends the author picked instead', async () => {
    expect(bylineChoices([{ name: 'Daniel Huynh' }], 'Desk Staff')).toEqual([
      { name: 'Desk Staff', label: 'Desk Staff (no author page)' },
      { name: 'Daniel Huynh', label: 'Daniel Huynh' },
    ]);
    expect(bylineChoices([{ name: 'Daniel Huynh' }], 'Daniel Huynh')).toEqual([{ name: 'Daniel Huynh', label: 'Daniel Huynh' }]);

    const sent = fakeServer(
      { 'GET /api/authors': () => ({ status: 200, body: [daniel] }) },
      { NewsroomUpdateArticle: (variables) => ({ data: { updateArticle: { ...live, author: (variables.input as { author: string }).author } } }) },
    );
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${live.title}` }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Author' }).textContent).toBe('Desk Staff (no author page)'));
    await choose('Author', 'Daniel Huynh');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(`Published: ${live.title}`, { exact: false })).toBeTruthy();
    expect(sent.find((s) => s.operationName === 'NewsroomUpdateArticle')?.variables?.input).toMatchObject({ author: 'Daniel Huynh' });
  });

  it('is typed as before when the authors cannot be read', async () => {
    fakeServer({ 'GET /api/authors': () => ({ status: 503, body: { message: 'Service unavailable' } }) });
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'New Article' }));
    expect(await screen.findByRole('textbox', { name: 'Author' })).toBeTruthy();
  });
});

describe('corrections in the newsroom', () => {
  it('lists a live story’s earlier corrections, adds one through the REST API with a confirmation, and names a refused text', async () => {
    let corrections = [{ __typename: 'Correction', id: '7', kind: 'CORRECTION', text: 'An earlier version misspelt the minister’s name.', createdAt: '2026-11-21T01:00:00.000Z' }];
    let attempts = 0;
    const sent = fakeServer(
      {
        'GET /api/authors': () => ({ status: 200, body: [daniel] }),
        'POST /api/admin/articles/41/corrections': (body) => {
          attempts += 1;
          if (attempts === 1) return { status: 400, body: { message: 'Invalid correction: text', errors: [{ field: 'text', message: 'Text must be plain text, without HTML' }] } };
          const { text: added } = body as { text: string };
          corrections = [{ __typename: 'Correction', id: '8', kind: 'CLARIFICATION', text: added, createdAt: '2026-11-28T01:00:00.000Z' }, ...corrections];
          return { status: 201, body: { id: 8, articleId: 41, kind: 'clarification', text: added, createdAt: '2026-11-28T01:00:00.000Z' } };
        },
      },
      { NewsroomArticleCorrections: (variables) => ({ data: { editorArticle: { __typename: 'EditorArticle', id: variables.id, corrections } } }) },
    );
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${live.title}` }));
    const earlier = await screen.findByRole('list', { name: 'Earlier corrections' });
    expect(earlier.textContent).toContain('An earlier version misspelt the minister’s name.');

    const form = screen.getByRole('form', { name: 'Add a correction' });
    await choose('Kind', 'Clarification');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Clarification text' }), { target: { value: 'The <b>trial</b> runs for six months.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Clarification' }));
    expect(await screen.findByText('Text must be plain text, without HTML')).toBeTruthy();

    const longText = `The trial runs for six months, not three. ${'It covers three departments. '.repeat(20)}`.trim();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Clarification text' }), { target: { value: longText } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Clarification' }));
    const confirmation = await screen.findByText('Clarification added: readers see it above the story now.', { exact: false });
    expect(within(confirmation).getByRole('link', { name: 'View on site' }).getAttribute('href')).toBe('/articles/41#correction-8');
    expect(sent.filter((s) => s.method === 'POST' && s.url.startsWith('/api/')).map((s) => s.body)).toEqual([
      { kind: 'clarification', text: 'The <b>trial</b> runs for six months.' },
      { kind: 'clarification', text: longText },
    ]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Earlier corrections' })).getAllByRole('listitem')).toHaveLength(2));
    expect((within(form).getByRole('textbox', { name: 'Clarification text' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('offers no correction form on a draft', async () => {
    fakeServer(
      { 'GET /api/authors': () => ({ status: 200, body: [] }) },
      {
        NewsroomArticles: () => ({
          data: { editorArticles: { __typename: 'EditorArticleConnection', nodes: [{ ...live, status: 'DRAFT', state: 'DRAFT' }], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } }, categories },
        }),
      },
    );
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${live.title}` }));
    expect(await screen.findByRole('button', { name: 'Save Draft' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a correction' })).toBeNull();
  });
});

describe('the kind filter', () => {
  it('asks the server for the chosen kind and marks each story that is not news', async () => {
    const sent = fakeServer({ 'GET /api/authors': () => ({ status: 200, body: [] }) });
    renderNewsroom();
    const list = await screen.findByRole('list', { name: 'Articles' });
    await within(list).findByText(opinion.title);
    expect(within(list).getAllByText('Opinion')).toHaveLength(1);
    await choose('Filter by type', 'Opinion');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Articles' })).queryByText(live.title)).toBeNull());
    const queries = sent.filter((s) => s.operationName === 'NewsroomArticles');
    expect(queries.at(-1)?.variables).toMatchObject({ kind: 'OPINION' });
    expect(queries[0].variables).toMatchObject({ kind: null });
  });
});
