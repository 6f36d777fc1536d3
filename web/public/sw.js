/* The site's service worker. Pages: network first, and every page read is saved, so articles a
   reader opened (their HTML holds the text, their images sit in the media cache) and the home page
   can be read offline; an unsaved page offline gets the saved /offline page, which lists the saved
   articles. Hashed assets and media: cache first. Bump VERSION to drop old caches. */
const VERSION = 'v2';
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const SHELL_URLS = ['/', '/offline', '/favicon.svg', '/manifest.webmanifest'];
const MAX_ASSET_ENTRIES = 200;
const MAX_SAVED_ARTICLES = 50;
// The worker's own list of saved articles (a cache entry; the server has no such path).
const SAVED_ARTICLES_INDEX = '/offline/saved-articles.json';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_URLS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => ![SHELL_CACHE, ASSET_CACHE].includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSET_ENTRIES)).map((k) => cache.delete(k)));
}

function decode(text) {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (m, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]);
}

/** Adds a saved article page to the index the offline page lists (newest first, bounded). */
async function remember(cache, url, response) {
  const html = await response.text();
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  const title = heading ? decode(heading[1].replace(/<[^>]+>/g, '').trim()) : url;
  const previous = await cache.match(SAVED_ARTICLES_INDEX);
  const saved = previous ? await previous.json() : [];
  const next = [{ url, title, savedAt: new Date().toISOString() }, ...saved.filter((a) => a.url !== url)];
  const removed = next.splice(MAX_SAVED_ARTICLES);
  await Promise.all(removed.map((a) => cache.delete(a.url)));
  await cache.put(SAVED_ARTICLES_INDEX, new Response(JSON.stringify(next), { headers: { 'Content-Type': 'application/json' } }));
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** The /offline page (from the network or the cache) with the saved articles written into its list. */
async function offlinePage(response) {
  const page = response || (await caches.match('/offline', { ignoreVary: true }));
  if (!page) return Response.error();
  const index = await caches.match(SAVED_ARTICLES_INDEX);
  const saved = index ? await index.json() : [];
  let html = await page.text();
  if (saved.length) {
    const items = saved.map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.title)}</a></li>`).join('');
    // Function replacers: a title's "$&" or "$'" stays text.
    html = html.replace(/<ul[^>]*data-saved-articles[^>]*>/, (open) => open + items).replace(/<p[^>]*data-saved-empty/, (open) => `${open} hidden`);
  }
  const headers = new Headers(page.headers);
  for (const name of ['Content-Length', 'Content-Encoding', 'ETag']) headers.delete(name);
  return new Response(html, { status: 200, headers });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // APIs are never served stale by the worker.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/graphql')) return;

  if (url.pathname === SAVED_ARTICLES_INDEX) {
    event.respondWith(caches.match(SAVED_ARTICLES_INDEX).then((hit) => hit || new Response('[]', { headers: { 'Content-Type': 'application/json' } })));
    return;
  }

  if (request.mode === 'navigate' && url.pathname === '/offline') {
    event.respondWith(fetch(request).then((r) => (r.ok ? offlinePage(r) : offlinePage(null)), () => offlinePage(null)));
    return;
  }

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            const isArticle = /^\/articles\/\d+$/.test(url.pathname);
            event.waitUntil(
              caches.open(SHELL_CACHE).then(async (cache) => {
                await cache.put(request, isArticle ? copy.clone() : copy);
                if (isArticle) await remember(cache, url.pathname, copy);
              }),
            );
          }
          return response;
        })
        .catch(() =>
          caches
            .match(request, { ignoreVary: true, ignoreSearch: false })
            .then((hit) => hit || offlinePage(null)),
        ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/')) {
    event.respondWith(
      caches.open(ASSET_CACHE).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) {
          await cache.put(request, response.clone());
          trim(cache);
        }
        return response;
      }),
    );
  }
});
