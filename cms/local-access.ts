/**
 * The local backend's secret (server/cms-access.ts): the server writes it into this page, and every call
 * to its API sends it back in a header. Decap's proxy backend calls `fetch` with its own headers, so the
 * header is added where those calls leave.
 */
const API = '/admin/api/';
const HEADER = 'x-cms-token';

export function sendLocalToken(document: Document, window: Window & typeof globalThis): void {
  const token = document.querySelector<HTMLMetaElement>('meta[name="cms-token"]')?.content;
  if (!token) return;
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.startsWith(API)) return fetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(HEADER, token);
    return fetch(input, { ...init, headers });
  };
}
