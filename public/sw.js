/*
 * Dentivo service worker (docs/requirements.md#service-worker). Registered by the analytics layer only when
 * aggressive optimisation applies (AI agents of high priority): it warms the main pages on request and
 * answers page navigations from its cache while refreshing the copy in the background
 * (stale-while-revalidate). Scripts, styles and images keep the browser's normal HTTP cache.
 */
const CACHE = 'dentivo-pages-v1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('dentivo-pages-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** { type: 'WARM_CACHE', urls: ['/', '/blog', …] }: same-origin paths only; a failing page is skipped. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'WARM_CACHE' || !Array.isArray(data.urls)) return;
  const paths = data.urls.filter((url) => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//'));
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(paths.map((path) => cache.add(path).catch((error) => console.error(`Mise en cache impossible de ${path} :`, error)))),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.mode !== 'navigate' || new URL(request.url).origin !== self.location.origin) return;
  const refresh = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  });
  event.respondWith(caches.match(request, { ignoreSearch: false }).then((cached) => cached || refresh));
  event.waitUntil(refresh.catch(() => undefined));
});
