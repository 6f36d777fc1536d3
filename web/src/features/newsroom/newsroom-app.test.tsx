import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '../../config/site-config';
import { testSiteConfig } from '../../test/render-page';
import { theme } from '../../theme/theme';
import { NewsroomApp } from './newsroom-app.island';
import { TOKEN_LABEL, TOKEN_REFUSED } from '../../components/newsroom-sign-in';

const GOOD_TOKEN = 'atn_good-token-for-tests';
const categories = [
  { __typename: 'Category', id: '1', name: 'Artificial Intelligence', slug: 'ai' },
  { __typename: 'Category', id: '2', name: 'Cybersecurity', slug: 'cybersecurity' },
];
const draft = {
  __typename: 'EditorArticle',
  id: '41',
  title: 'Canberra trials a sovereign cloud for agencies',
  excerpt: 'The pilot moves three departments onto local infrastructure.',
  content: 'The pilot starts in January. It covers three departments.',
  author: 'Priya Raman',
  sourceUrl: null,
  isBreaking: false,
  publishedAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  imageUrl: '/media/covers/cybersecurity/canberra.svg',
  readingMinutes: 1,
  status: 'DRAFT',
  state: 'DRAFT',
  kind: 'NEWS',
  category: categories[1],
};

interface Sent {
  url: string;
  authorization: string | null;
  operationName?: string;
  variables?: Record<string, unknown>;
}

/** The newsroom's server: the REST sign-in check and GraphQL by operation name; records what was sent. */
function fakeServer(answers: Record<string, (variables: Record<string, unknown>) => unknown>) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const authorization = new Headers(init?.headers).get('Authorization');
    if (url === '/api/authors') return new Response(JSON.stringify([]), { status: 200 });
    if (url.startsWith('/api/admin/articles')) {
      sent.push({ url, authorization });
      return new Response(JSON.stringify({ articles: [] }), { status: authorization === `Bearer ${GOOD_TOKEN}` ? 200 : 401 });
    }
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    sent.push({ url, authorization, operationName: body.operationName, variables: body.variables });
    const answer = answers[body.operationName];
    const payload = answer ? answer(body.variables) : { data: null, errors: [{ message: `No answer for ${body.operationName}` }] };
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

const lists = {
  NewsroomArticles: () => ({ data: { editorArticles: { __typename: 'EditorArticleConnection', nodes: [draft], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } }, categories } }),
  NewsroomTicker: () => ({ data: { editorBreakingNews: [] } }),
  NewsroomPartners: () => ({ data: { editorPartners: [] } }),
  NewsroomRevisions: () => ({ data: { articleRevisions: { __typename: 'ArticleRevisionConnection', nodes: [] } } }),
  NewsroomArticleCorrections: (variables: Record<string, unknown>) => ({ data: { editorArticle: { __typename: 'EditorArticle', id: variables.id, corrections: [] } } }),
};

function renderNewsroom() {
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

function signIn(token: string) {
  fireEvent.change(screen.getByLabelText(TOKEN_LABEL, { exact: false }), { target: { value: token } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('newsroom', () => {
  it('refuses a wrong token, keeps nothing of it, and lets a good one in for this session only', async () => {
    const sent = fakeServer(lists);
    renderNewsroom();
    signIn('atn_wrong');
    expect(await screen.findByText(TOKEN_REFUSED)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);

    signIn(GOOD_TOKEN);
    expect(await screen.findByText(draft.title)).toBeTruthy();
    expect(sessionStorage.getItem('technews.newsroom-token')).toBe(GOOD_TOKEN);
    expect(localStorage.length).toBe(0);
    // Every GraphQL request carried the token; none put it in the URL.
    const graphql = sent.filter((s) => s.operationName);
    expect(graphql.length).toBeGreaterThan(0);
    expect(graphql.every((s) => s.authorization === `Bearer ${GOOD_TOKEN}` && !s.url.includes(GOOD_TOKEN))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText(TOKEN_LABEL, { exact: false })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('previews the story as readers will see it, one sentence per paragraph, short fragments left out', async () => {
    sessionStorage.setItem('technews.newsroom-token', GOOD_TOKEN);
    fakeServer(lists);
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'New Article' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Perth start-up ships a quantum sensor' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Content' }), { target: { value: 'Too short. The sensor measures gravity to find ore bodies. It ships in March!' } });
    const preview = within(screen.getByTestId('newsroom-preview'));
    expect(preview.getByRole('heading', { level: 1, name: 'Perth start-up ships a quantum sensor' })).toBeTruthy();
    const paragraphs = within(preview.getByTestId('article-content'))
      .getAllByText(/./)
      .map((p) => p.textContent);
    expect(paragraphs).toEqual(['The sensor measures gravity to find ore bodies.', 'It ships in March!']);
    expect(preview.getByText('1 min read')).toBeTruthy();
  });

  it('publishes a draft, names the fields the API refused, and links the live story', async () => {
    sessionStorage.setItem('technews.newsroom-token', GOOD_TOKEN);
    let attempts = 0;
    const sent = fakeServer({
      ...lists,
      NewsroomUpdateArticle: (variables) => {
        attempts += 1;
        if (attempts === 1) {
          return { data: null, errors: [{ message: 'Invalid article: title', extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'title', message: 'Must be at most 200 characters' }] } }] };
        }
        const input = variables.input as { title: string };
        return { data: { updateArticle: { ...draft, title: input.title, status: 'PUBLISHED', state: 'LIVE', updatedAt: '2026-11-23T01:00:00.000Z' } } };
      },
    });
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${draft.title}` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Must be at most 200 characters')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(`Published: ${draft.title}`, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on site' }).getAttribute('href')).toBe('/articles/41');
    // A draft published without a new date is published now: its old date is not sent.
    const update = sent.find((s) => s.operationName === 'NewsroomUpdateArticle');
    expect(update?.variables?.input).toMatchObject({ status: 'PUBLISHED', publishedAt: null, title: draft.title });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy());
  });

  it('uploads the chosen cover once the new story exists, and refuses a file that is not an image before sending it', async () => {
    sessionStorage.setItem('technews.newsroom-token', GOOD_TOKEN);
    const published = { ...draft, id: '77', status: 'PUBLISHED', state: 'LIVE' };
    const sent = fakeServer({
      ...lists,
      NewsroomCreateArticle: () => ({ data: { createArticle: published } }),
      NewsroomUploadCover: () => ({ data: { uploadArticleCover: { ...published, imageUrl: '/media/covers/uploads/77-0123456789abcdef' } } }),
    });
    renderNewsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'New Article' }));
    const input = (await screen.findByLabelText('Cover image')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['not a picture'], 'cover.jpg', { type: 'text/plain' })] } });
    expect(screen.getByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'cover.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(screen.queryByText('Choose a JPEG, PNG or WebP image.')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: draft.title } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(`Published: ${draft.title}`, { exact: false })).toBeTruthy();
    const operations = sent.filter((s) => s.operationName?.startsWith('NewsroomCreate') || s.operationName === 'NewsroomUploadCover');
    expect(operations.map((s) => s.operationName)).toEqual(['NewsroomCreateArticle', 'NewsroomUploadCover']);
    expect(operations[1].variables).toMatchObject({ id: '77', imageBase64: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
  });
});
