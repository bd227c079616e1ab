/** The published site of the assistant's Deno tests: the index `npm run build` wrote, served on loopback as SITE_URL. */
const indexFile = new URL('../../../_site/assistant-index.json', import.meta.url);

/** The published site: serves the built index (with an ETag), or fails when told to. */
export async function staticSite(): Promise<{
  origin: string;
  fetches: () => number;
  down: (value: boolean) => void;
  close: () => Promise<void>;
}> {
  let index: string;
  try {
    index = await Deno.readTextFile(indexFile);
  } catch {
    throw new Error('_site/assistant-index.json absent : lancez d’abord npm run build (npm test le fait).');
  }
  let count = 0;
  let isDown = false;
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, (request) => {
    count++;
    if (isDown) return new Response('indisponible', { status: 503 });
    if (new URL(request.url).pathname !== '/assistant-index.json') return new Response('introuvable', { status: 404 });
    if (request.headers.get('if-none-match') === '"v1"') return new Response(null, { status: 304 });
    return new Response(index, { headers: { 'content-type': 'application/json', etag: '"v1"' } });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    fetches: () => count,
    down: (value) => (isDown = value),
    close: () => server.shutdown(),
  };
}
