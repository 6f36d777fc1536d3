import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ArticleBody } from '../../components/article-body';
import {
  type ArticleInput,
  NewsroomCreateArticleDocument,
  NewsroomRemoveCoverDocument,
  NewsroomUploadCoverDocument,
  type ArticleEditor_ArticleFragment,
  NewsroomUnpublishArticleDocument,
  NewsroomUpdateArticleDocument,
} from '../../graphql/graphql';
import { formatDateTime } from '../../lib/dates';
import { ConfirmAction } from './confirm-action';
import { readingMinutes } from '../../lib/reading-minutes';
import { problemsOf, type Problems } from './graphql-problems';
import type { AuthorsState, NewsroomAuthor } from './newsroom-authors';

export interface CategoryOption {
  id: string;
  name: string;
  slug: string;
}

interface FormValues {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  sourceUrl: string;
  isBreaking: boolean;
  /** `datetime-local` in the editor's own zone; empty: now. */
  publishAt: string;
}

/** `2026-11-23T09:30` in the browser's zone, as a `datetime-local` input shows it. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialValues(article: ArticleEditor_ArticleFragment | null, categories: CategoryOption[]): FormValues {
  if (!article) {
    return { title: '', excerpt: '', content: '', category: categories[0]?.slug ?? '', author: '', sourceUrl: '', isBreaking: false, publishAt: '' };
  }
  return {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    category: article.category.slug,
    author: article.author,
    sourceUrl: article.sourceUrl ?? '',
    isBreaking: article.isBreaking,
    publishAt: toLocalInput(article.publishedAt),
  };
}

/**
 * The byline's choices: every author by name (the byline is the name, decision 090), and an older
 * story's byline of no author kept as it is, so saving the story does not change who wrote it.
 */
export function bylineChoices(authors: readonly Pick<NewsroomAuthor, 'name'>[], byline: string | null): { name: string; label: string }[] {
  const choices = authors.map((a) => ({ name: a.name, label: a.name }));
  if (byline && !authors.some((a) => a.name === byline)) choices.unshift({ name: byline, label: `${byline} (no author page)` });
  return choices;
}

type Action = 'publish' | 'draft' | 'unpublish';

/** What the API accepts (it checks the content again; this only saves a pointless upload). */
const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const COVER_MAX_BYTES = 10 * 1024 * 1024;

/** An uploaded cover (not the generated art) is served from this path. */
const isUploadedCover = (imageUrl: string) => imageUrl.includes('/covers/uploads/');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export interface SavedNotice {
  text: string;
  /** The story's page, when readers can see it now. */
  href?: string;
  /** Saved, but not all of it (a refused cover). */
  warning?: boolean;
}

/**
 * The editor form and, beside it, the story as readers will see it (the article page's own body,
 * one sentence per paragraph). Publish, schedule (a future time), save a draft, or unpublish.
 */
export function ArticleEditor({
  article,
  categories,
  authors,
  onSaved,
}: {
  article: ArticleEditor_ArticleFragment | null;
  categories: CategoryOption[];
  /** The byline's choices (GET /api/authors); when they cannot be read, the byline is typed as before. */
  authors: AuthorsState;
  onSaved: (article: ArticleEditor_ArticleFragment, notice: SavedNotice) => void;
}) {
  const [values, setValues] = useState(() => initialValues(article, categories));
  const [problems, setProblems] = useState<Problems | null>(null);
  const [createArticle, created] = useMutation(NewsroomCreateArticleDocument);
  const [updateArticle, updated] = useMutation(NewsroomUpdateArticleDocument);
  const [unpublishArticle, unpublished] = useMutation(NewsroomUnpublishArticleDocument);
  const [uploadCover, uploading] = useMutation(NewsroomUploadCoverDocument);
  const [removeCover, removing] = useMutation(NewsroomRemoveCoverDocument);
  const [cover, setCover] = useState<File | null>(null);
  const [coverProblem, setCoverProblem] = useState<string | null>(null);
  const [dropCover, setDropCover] = useState(false);
  const busy = created.loading || updated.loading || unpublished.loading || uploading.loading || removing.loading;

  const chooseCover = (file: File | null) => {
    setCoverProblem(null);
    setDropCover(false);
    if (file && !COVER_TYPES.includes(file.type)) setCoverProblem('Choose a JPEG, PNG or WebP image.');
    else if (file && file.size > COVER_MAX_BYTES) setCoverProblem('Choose an image of at most 10 MB.');
    setCover(file);
  };

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) => setValues((current) => ({ ...current, [name]: value }));
  const publishAt = values.publishAt ? new Date(values.publishAt) : null;
  const scheduling = publishAt !== null && !Number.isNaN(publishAt.getTime()) && publishAt.getTime() > Date.now();
  const live = article?.state === 'LIVE' || article?.state === 'SCHEDULED';
  const category = categories.find((c) => c.slug === values.category) ?? { name: values.category || 'Category', slug: values.category };

  const input = (status: 'PUBLISHED' | 'DRAFT'): ArticleInput => {
    const unchangedDate = article !== null && values.publishAt === toLocalInput(article.publishedAt);
    // A draft published with its old date would appear back in time: publishing one without a new date means now.
    const publishingDraft = article?.state === 'DRAFT' && status === 'PUBLISHED';
    const when = publishAt && !Number.isNaN(publishAt.getTime()) && !(unchangedDate && publishingDraft) ? publishAt.toISOString() : null;
    return {
      title: values.title,
      excerpt: values.excerpt,
      content: values.content,
      category: values.category,
      author: values.author,
      sourceUrl: values.sourceUrl.trim() === '' ? null : values.sourceUrl.trim(),
      isBreaking: values.isBreaking,
      status,
      ...(unchangedDate && !publishingDraft ? {} : { publishedAt: when }),
    };
  };

  const run = async (action: Action) => {
    setProblems(null);
    try {
      let saved: ArticleEditor_ArticleFragment;
      if (action === 'unpublish' && article) {
        saved = (await unpublishArticle({ variables: { id: article.id } })).data!.unpublishArticle;
      } else {
        const status = action === 'draft' ? 'DRAFT' : 'PUBLISHED';
        saved = article
          ? (await updateArticle({ variables: { id: article.id, input: input(status) } })).data!.updateArticle
          : (await createArticle({ variables: { input: input(status) } })).data!.createArticle;
      }
      // The story exists now: its cover goes with it. A refused picture leaves the story saved, and says so.
      let coverRefused: string | null = null;
      try {
        if (cover && !coverProblem) saved = (await uploadCover({ variables: { id: saved.id, imageBase64: await readAsDataUrl(cover) } })).data!.uploadArticleCover;
        else if (dropCover && isUploadedCover(saved.imageUrl)) saved = (await removeCover({ variables: { id: saved.id } })).data!.removeArticleCover;
      } catch (error) {
        const refused = problemsOf(error);
        coverRefused = refused.fields.cover ?? refused.message;
      }
      const notice = noticeFor(saved);
      onSaved(saved, coverRefused ? { ...notice, text: `${notice.text}. The cover was not changed: ${coverRefused}`, warning: true } : notice);
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('publish');
  };

  /** Props of a field; `problem` is the API's name for it when that differs from the form's. */
  const field = (name: keyof FormValues, problem: string = name) => ({
    name,
    error: Boolean(problems?.fields[problem]),
    helperText: problems?.fields[problem],
    fullWidth: true,
    disabled: busy,
  });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 4, alignItems: 'start' }}>
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="editor-heading">
        <Typography id="editor-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          {article ? `Edit: ${article.title}` : 'New Article'}
        </Typography>
        {problems && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problems.message}
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField label="Title" required value={values.title} onChange={(e) => set('title', e.target.value)} {...field('title')} />
          <TextField label="Excerpt" required multiline minRows={2} value={values.excerpt} onChange={(e) => set('excerpt', e.target.value)} {...field('excerpt')} />
          <TextField
            label="Content"
            required
            multiline
            minRows={8}
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
            {...field('content')}
            helperText={problems?.fields.content ?? 'Plain text. Readers see one sentence per paragraph; fragments of 10 characters or fewer are left out.'}
          />
          <TextField select label="Category" required value={values.category} onChange={(e) => set('category', e.target.value)} {...field('category')}>
            {categories.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          {authors.status === 'failed' ? (
            <TextField label="Author" required value={values.author} onChange={(e) => set('author', e.target.value)} {...field('author')} />
          ) : (
            <TextField
              select
              label="Author"
              required
              value={values.author}
              onChange={(e) => set('author', e.target.value)}
              {...field('author')}
              helperText={problems?.fields.author ?? 'The byline links to the author’s page. New authors are added under Authors.'}
            >
              {(authors.status === 'ready' ? bylineChoices(authors.authors, article?.author ?? null) : article ? [{ name: article.author, label: article.author }] : []).map((choice) => (
                <MenuItem key={choice.name} value={choice.name}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField label="Source URL" type="url" value={values.sourceUrl} onChange={(e) => set('sourceUrl', e.target.value)} {...field('sourceUrl')} />
          <TextField
            label="Publish at"
            type="datetime-local"
            value={values.publishAt}
            onChange={(e) => set('publishAt', e.target.value)}
            {...field('publishAt', 'publishedAt')}
            helperText={problems?.fields.publishedAt ?? 'Empty: now. A future time schedules the story; it appears by itself then.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Box>
            <Typography component="label" htmlFor="newsroom-cover" variant="body2" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
              Cover image
            </Typography>
            <input
              id="newsroom-cover"
              name="cover"
              type="file"
              accept={COVER_TYPES.join(',')}
              disabled={busy}
              aria-describedby="newsroom-cover-help"
              onChange={(e) => chooseCover(e.target.files?.[0] ?? null)}
            />
            <Typography id="newsroom-cover-help" variant="body2" color={coverProblem || problems?.fields.cover ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
              {coverProblem ?? problems?.fields.cover ?? 'JPEG, PNG or WebP, up to 10 MB. Without one, the generated cover art is used.'}
            </Typography>
            {article && isUploadedCover(article.imageUrl) && !cover && (
              <FormControlLabel
                control={<Switch checked={dropCover} onChange={(e) => setDropCover(e.target.checked)} disabled={busy} />}
                label="Remove the uploaded cover"
              />
            )}
          </Box>
          <FormControlLabel control={<Switch checked={values.isBreaking} onChange={(e) => set('isBreaking', e.target.checked)} disabled={busy} />} label="Breaking news" />
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {scheduling ? 'Schedule' : live ? 'Save Changes' : 'Publish'}
            </Button>
            {!live && (
              <Button variant="outlined" disabled={busy} onClick={() => void run('draft')}>
                Save Draft
              </Button>
            )}
            {live && (
              <ConfirmAction
                label="Unpublish"
                question="Take this story off the site?"
                confirmLabel="Yes, unpublish"
                disabled={busy}
                onConfirm={() => void run('unpublish')}
              />
            )}
          </Stack>
        </Stack>
      </Box>
      <Paper component="section" variant="outlined" aria-labelledby="preview-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="preview-heading" variant="overline" component="h2" color="text.secondary">
          Preview
        </Typography>
        <Box data-testid="newsroom-preview" sx={{ '& h1': { fontSize: '1.75rem !important' } }}>
          <ArticleBody
            article={{
              id: article?.id ?? '0',
              title: values.title || 'Untitled story',
              author: values.author || 'Author',
              publishedAt: publishAt && !Number.isNaN(publishAt.getTime()) ? publishAt.toISOString() : new Date().toISOString(),
              excerpt: values.excerpt,
              content: values.content,
              imageUrl: article?.imageUrl ?? '',
              isBreaking: values.isBreaking,
              readingMinutes: readingMinutes(values.content),
              sourceUrl: values.sourceUrl.trim() || null,
              category,
            }}
          />
        </Box>
      </Paper>
    </Box>
  );
}

/** What the editor is told after a save, with a link to the page when readers can see it. */
export function noticeFor(article: ArticleEditor_ArticleFragment): SavedNotice {
  if (article.state === 'LIVE') return { text: `Published: ${article.title}`, href: `/articles/${article.id}` };
  if (article.state === 'SCHEDULED') return { text: `Scheduled for ${formatDateTime(article.publishedAt)}: ${article.title}` };
  return { text: `Saved as a draft: ${article.title}` };
}

export function SavedNoticeAlert({ notice }: { notice: SavedNotice }) {
  return (
    <Alert severity={notice.warning ? 'warning' : 'success'} role="status" sx={{ mb: 3 }}>
      {notice.text}
      {notice.href && (
        <>
          {' '}
          <Link href={notice.href}>View on site</Link>
        </>
      )}
    </Alert>
  );
}
