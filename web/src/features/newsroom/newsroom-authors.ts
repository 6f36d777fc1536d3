import { useCallback, useEffect, useState } from 'react';
import { restJson } from './newsroom-rest';

/** An author as GET /api/authors answers: links only when set. */
export interface NewsroomAuthor {
  slug: string;
  name: string;
  role: string;
  bio: string;
  categorySlugs: string[];
  linkedinUrl?: string;
  websiteUrl?: string;
  fediverseHandle?: string;
  /** An uploaded photo (/media/authors/…) or an https picture; absent: the generated portrait. */
  photoUrl?: string;
}

/** The authors list: loading (null), the list, or failed (the article form falls back to a typed byline). */
export type AuthorsState = { status: 'loading' } | { status: 'ready'; authors: NewsroomAuthor[] } | { status: 'failed'; message: string };

/** Every author by name, from the REST API without any cache in between (a new one shows at once); `reload` after a write. */
export function useNewsroomAuthors(): AuthorsState & { reload: () => void } {
  const [state, setState] = useState<AuthorsState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    void restJson<NewsroomAuthor[]>('/api/authors').then((result) => {
      if (!current) return;
      if (result.ok && Array.isArray(result.body)) setState({ status: 'ready', authors: result.body });
      else setState({ status: 'failed', message: result.ok ? 'The authors list could not be read.' : result.problems.message });
    });
    return () => {
      current = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
