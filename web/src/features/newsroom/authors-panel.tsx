import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CategoryOption } from './article-editor';
import type { Problems } from './graphql-problems';
import type { AuthorsState, NewsroomAuthor } from './newsroom-authors';
import { restJson } from './newsroom-rest';

interface AuthorValues {
  name: string;
  slug: string;
  role: string;
  bio: string;
  categorySlugs: string[];
  linkedinUrl: string;
  fediverseHandle: string;
  websiteUrl: string;
}

type TextKey = Exclude<keyof AuthorValues, 'categorySlugs'>;

function valuesOf(author: NewsroomAuthor | null): AuthorValues {
  return {
    name: author?.name ?? '',
    slug: author?.slug ?? '',
    role: author?.role ?? '',
    bio: author?.bio ?? '',
    categorySlugs: author?.categorySlugs ?? [],
    linkedinUrl: author?.linkedinUrl ?? '',
    fediverseHandle: author?.fediverseHandle ?? '',
    websiteUrl: author?.websiteUrl ?? '',
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * What to send: a new author's filled-in fields (an empty slug is made from the name); an existing
 * one's changed fields only, so a profile the migration left without a bio can still take a new role.
 * An emptied link is sent empty, which clears it.
 */
export function authorBody(values: AuthorValues, author: NewsroomAuthor | null): Record<string, unknown> {
  const before = valuesOf(author);
  const body: Record<string, unknown> = {};
  for (const key of ['name', 'slug', 'role', 'bio', 'linkedinUrl', 'fediverseHandle', 'websiteUrl'] as const) {
    const value = values[key].trim();
    if (author ? value !== before[key] : value !== '') body[key] = value;
  }
  if (author ? !sameList(values.categorySlugs, before.categorySlugs) : values.categorySlugs.length > 0) body.categorySlugs = values.categorySlugs;
  return body;
}

/**
 * An existing author's photo: the current one, a file to upload in its place (JPEG, PNG or WebP,
 * up to 10 MB; the API checks and re-encodes it) and a way back to the generated portrait.
 */
function PhotoField({ author, onChanged }: { author: NewsroomAuthor; onChanged: (author: NewsroomAuthor) => void }) {
  const [photoUrl, setPhotoUrl] = useState(author.photoUrl);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const path = `/api/admin/authors/${encodeURIComponent(author.slug)}/photo`;

  const send = async (method: 'PUT' | 'DELETE') => {
    setProblem(null);
    setNotice('');
    let body: FormData | undefined;
    if (method === 'PUT') {
      const file = fileInput.current?.files?.[0];
      if (!file) return setProblem('Choose a picture first.');
      body = new FormData();
      body.append('photo', file);
    }
    setBusy(true);
    const result = await restJson<NewsroomAuthor>(path, { method, body });
    setBusy(false);
    if (!result.ok) return setProblem(result.problems.fields.photo ?? result.problems.message);
    setPhotoUrl(result.body.photoUrl);
    setNotice(method === 'PUT' ? 'Photo uploaded: the author page shows it now.' : 'Photo removed: the author page shows the generated portrait.');
    if (fileInput.current) fileInput.current.value = '';
    onChanged(result.body);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        Photo
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {photoUrl ? (
          <Box component="img" src={photoUrl} alt={`Current photo of ${author.name}`} width={72} height={72} sx={{ objectFit: 'cover', borderRadius: '50%' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No photo: the page shows a generated portrait.
          </Typography>
        )}
        <input ref={fileInput} id={`photo-${author.slug}`} type="file" accept="image/jpeg,image/png,image/webp" aria-label="Photo file" disabled={busy} />
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void send('PUT')}>
          Upload Photo
        </Button>
        {photoUrl && (
          <Button variant="text" size="small" color="error" disabled={busy} onClick={() => void send('DELETE')}>
            Remove Photo
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color={problem ? 'error' : 'text.secondary'} role="status" sx={{ mt: 1 }}>
        {problem ?? (notice || 'JPEG, PNG or WebP, up to 10 MB.')}
      </Typography>
    </Box>
  );
}

/** The form of one author, new or existing; the API checks every field and names the ones it refuses. */
function AuthorForm({
  author,
  categories,
  onSaved,
  onCancel,
  onPhotoChanged,
}: {
  author: NewsroomAuthor | null;
  categories: readonly CategoryOption[];
  onSaved: (saved: NewsroomAuthor, created: boolean) => void;
  onCancel: () => void;
  /** A photo uploaded or removed: saved at once, apart from the form's fields. */
  onPhotoChanged: (author: NewsroomAuthor) => void;
}) {
  const [values, setValues] = useState(() => valuesOf(author));
  const [problems, setProblems] = useState<Problems | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = author ? 'author-form-heading-edit' : 'author-form-heading-new';
  // The form opens above the list: the name field takes focus, so the keyboard and the screen are at it.
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);

  const set = <K extends keyof AuthorValues>(name: K, value: AuthorValues[K]) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems(null);
    const body = authorBody(values, author);
    if (author && Object.keys(body).length === 0) {
      setProblems({ message: 'Nothing has changed.', fields: {} });
      return;
    }
    setBusy(true);
    const result = author
      ? await restJson<NewsroomAuthor>(`/api/admin/authors/${encodeURIComponent(author.slug)}`, { method: 'PATCH', body })
      : await restJson<NewsroomAuthor>('/api/admin/authors', { method: 'POST', body });
    setBusy(false);
    if (result.ok) onSaved(result.body, !author);
    else setProblems(result.problems);
  };

  /** Props of a field; a refused list item (`categorySlugs.0`) is shown on its list. */
  const field = (name: keyof AuthorValues) => {
    const problem = problems?.fields[name] ?? Object.entries(problems?.fields ?? {}).find(([key]) => key.startsWith(`${name}.`))?.[1];
    return { name, error: Boolean(problem), helperText: problem, fullWidth: true, disabled: busy };
  };
  const text = (name: TextKey) => ({ value: values[name], onChange: (e: { target: { value: string } }) => set(name, e.target.value), ...field(name) });
  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;

  return (
    <Paper component="form" variant="outlined" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {author ? `Edit author: ${author.name}` : 'New Author'}
      </Typography>
      {problems && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problems.message}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField label="Name" required inputRef={nameInput} {...text('name')} helperText={field('name').helperText ?? 'As the byline reads. Renaming an author rewrites their bylines.'} />
        <TextField label="Slug" {...text('slug')} helperText={field('slug').helperText ?? (author ? 'Their page is /authors/ and this.' : 'Empty: made from the name.')} />
        <TextField label="Role" required {...text('role')} helperText={field('role').helperText ?? 'E.g. Senior Reporter, Security.'} />
        <TextField label="Bio" required multiline minRows={3} {...text('bio')} helperText={field('bio').helperText ?? 'Plain text, a paragraph or two (up to 2,000 characters).'} />
        <TextField
          select
          label="Categories covered"
          value={values.categorySlugs}
          onChange={(e) => {
            const chosen = e.target.value as unknown as string[] | string;
            set('categorySlugs', typeof chosen === 'string' ? chosen.split(',') : chosen);
          }}
          slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map(categoryName).join(', ') } }}
          {...field('categorySlugs')}
        >
          {categories.map((c) => (
            <MenuItem key={c.slug} value={c.slug}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="LinkedIn URL" type="url" {...text('linkedinUrl')} helperText={field('linkedinUrl').helperText ?? 'https:// only.'} />
        <TextField label="Fediverse handle" {...text('fediverseHandle')} helperText={field('fediverseHandle').helperText ?? 'E.g. @name@aus.social.'} />
        <TextField label="Personal website" type="url" {...text('websiteUrl')} helperText={field('websiteUrl').helperText ?? 'https:// only.'} />
        {author && <PhotoField author={author} onChanged={onPhotoChanged} />}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {author ? 'Save Author' : 'Create Author'}
          </Button>
          <Button variant="text" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'author'; author: NewsroomAuthor };

/** The newsroom's authors: every one by name with their page, a form to add one or change one. */
export function AuthorsPanel({ authors, categories, onChanged }: { authors: AuthorsState; categories: readonly CategoryOption[]; onChanged: () => void }) {
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<{ text: string; href: string } | null>(null);

  const edit = (next: Editing) => {
    setNotice(null);
    setEditing(next);
    setFormKey((k) => k + 1);
  };

  const saved = (author: NewsroomAuthor, created: boolean) => {
    setEditing({ kind: 'none' });
    setNotice({ text: `${created ? 'Author created' : 'Author saved'}: ${author.name}`, href: `/authors/${author.slug}` });
    onChanged();
  };

  return (
    <Box component="section" aria-labelledby="authors-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id="authors-heading" variant="h2" sx={{ fontSize: '1.35rem' }}>
          Authors
        </Typography>
        <Button variant="outlined" onClick={() => edit({ kind: 'new' })}>
          New Author
        </Button>
      </Stack>
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice.text} <Link href={notice.href}>View author page</Link>
        </Alert>
      )}
      {editing.kind !== 'none' && (
        <AuthorForm
          key={formKey}
          author={editing.kind === 'author' ? editing.author : null}
          categories={categories}
          onSaved={saved}
          onCancel={() => setEditing({ kind: 'none' })}
          onPhotoChanged={onChanged}
        />
      )}
      {authors.status === 'loading' && <Typography role="status">Loading authors...</Typography>}
      {authors.status === 'failed' && <Alert severity="error">{authors.message}</Alert>}
      {authors.status === 'ready' && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Authors">
          {authors.authors.map((author) => (
            <Paper component="li" key={author.slug} variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  <Link href={`/authors/${author.slug}`}>{author.name}</Link>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {author.role}
                </Typography>
              </Box>
              <Button size="small" variant="outlined" onClick={() => edit({ kind: 'author', author })} aria-label={`Edit author ${author.name}`}>
                Edit
              </Button>
            </Paper>
          ))}
        </Stack>
      )}
      {authors.status === 'ready' && authors.authors.length === 0 && <Typography color="text.secondary">No authors yet.</Typography>}
    </Box>
  );
}
