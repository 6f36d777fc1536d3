/**
 * The newsroom's sign-in: an editor's token is held for this browser session only (sessionStorage),
 * never in a URL, a cookie or localStorage, and sent as a bearer token on every newsroom request.
 */
const TOKEN_KEY = 'technews.newsroom-token';

export function readNewsroomToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function keepNewsroomToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token.trim());
}

export function forgetNewsroomToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** A newsroom request with the session's token; a 401 forgets it, so the page asks to sign in again. */
export async function newsroomFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = readNewsroomToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(path, { ...init, headers, credentials: 'same-origin', cache: 'no-store' });
  if (res.status === 401) forgetNewsroomToken();
  return res;
}
