import { newsroomFetch } from '../../lib/newsroom-session';
import type { Problems } from './graphql-problems';

export type RestResult<T> = { ok: true; body: T } | { ok: false; status: number; problems: Problems };

const UNREACHABLE: Problems = { message: 'The newsroom could not be reached. Check your connection and try again.', fields: {} };

/** The API's error body, `{ message, errors: [{ field, message }] }`, in the editor's words. */
function problemsOfBody(status: number, body: unknown): Problems {
  const fields: Record<string, string> = {};
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
  if (Array.isArray(errors)) {
    for (const item of errors as { field?: unknown; message?: unknown }[]) {
      // The first problem of a field is the one shown beside it.
      if (typeof item.field === 'string' && typeof item.message === 'string') fields[item.field] ??= item.message;
    }
  }
  if (status === 401) return { message: 'Your session has ended: reload the page and sign in again.', fields };
  return { message: typeof message === 'string' ? message : `The newsroom refused the request (${status}).`, fields };
}

/**
 * A request to the newsroom's REST API with the session's token, its body JSON or a form (a file
 * upload: the browser writes its multipart type); the JSON answer, or a refusal as Problems.
 */
export async function restJson<T>(path: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<RestResult<T>> {
  let res: Response;
  const form = body instanceof FormData;
  try {
    res = await newsroomFetch(path, {
      method,
      headers: body === undefined || form ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, problems: UNREACHABLE };
  }
  const parsed: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, body: parsed as T };
  return { ok: false, status: res.status, problems: problemsOfBody(res.status, parsed) };
}
