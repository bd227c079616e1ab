/**
 * "Another site" that embeds the widgets (tests/e2e/embed.spec.ts): the pages of a dental practice made
 * from examples/embed.html, served from a loopback origin of their own. The same server also plays the
 * production automation webhook (a third party) for the configuration test.
 *
 *   /embed.html                 the example as it is: the assistant and the contact form
 *     ?hostile                  with the CSS a careless host page might have
 *     ?widgets=a,b              another data-widgets
 *     ?colonne=contact-form     the form alone (no assistant), in the page's own 420 px column
 *     ?open                     the assistant alone, data-open="true"
 *   /production.html            the example with data-webhook-url pointing at this server's webhook
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const example = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'embed.html'), 'utf8');
const exampleTag = 'data-widgets="assistant,contact-form"';
const examplePlaceholder = '<div data-dentivo-widget="contact-form"></div>';

/** Rules a careless host page might have: they must neither reach the widget nor be reached by it. */
const hostileCss = `
  html { font-size: 10px !important; }
  * { font-family: "Comic Sans MS", cursive !important; color: rgb(255, 0, 0) !important; letter-spacing: 3px !important; text-transform: uppercase !important; box-sizing: content-box !important; line-height: 3 !important; }
  button, textarea { background: yellow !important; border: 5px dashed lime !important; padding: 40px !important; }
  div, section, ol, ul, li, p { margin: 30px !important; }
  body > * { transform: rotate(1deg); }
  main { min-height: 160vh; }
  :root { --color-brand-700: #ff00ff; --space-s: 200px; --tap: 2px; }
  dentivo-assistant { position: absolute !important; left: -9999px !important; display: none !important; }
`;
/** Elements of the host page that carry the widgets' class names. */
const hostileHtml = `<p class="assistant-bubble toast assistant-launcher" id="piege">Texte de la page hôte</p>`;

/** The page's own column, as a practice's site might lay out a form beside its text. */
export const COLUMN_WIDTH = 420;
const columnCss = `
  .colonne { box-sizing: border-box; width: ${COLUMN_WIDTH}px; max-width: 100%; margin: 1.5rem 0; padding: 12px;
    border: 3px solid #6b4f8a; border-radius: 14px; background: #fff; }
`;

export interface HostPageOptions {
  dentivoOrigin: string;
  hostile?: boolean;
  widgets?: string;
  /** More attributes on the script tag. */
  attributes?: string;
  /** A form alone, in the page's 420 px column. */
  column?: 'contact-form' | 'tester-form';
}

export function hostPage({ dentivoOrigin, hostile, widgets, attributes, column }: HostPageOptions): string {
  let html = example.replaceAll('http://localhost:8080', dentivoOrigin);
  const tag = [`data-widgets="${column ?? widgets ?? 'assistant,contact-form'}"`, attributes].filter(Boolean);
  html = html.replace(exampleTag, tag.join(' '));
  if (column)
    html = html
      .replace('</head>', `<style>${columnCss}</style></head>`)
      .replace(examplePlaceholder, `<div class="colonne" data-dentivo-widget="${column}"></div>`)
      .replace('<h2>Nous écrire</h2>', column === 'tester-form' ? '<h2>Devenir testeur de Dentivo</h2>' : '$&');
  if (hostile)
    html = html.replace('</head>', `<style>${hostileCss}</style></head>`).replace('<main>', `<main>${hostileHtml}`);
  return html;
}

/** What the host's production webhook received (the configuration test reads it). */
export const webhookCalls: unknown[] = [];

export function startHostServer(port: number, dentivoOrigin: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (request.method === 'POST' && url.pathname === '/automatisation/webhook') {
      // The production automation webhook (n8n or the like): same contract, its own answer.
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        webhookCalls.push(JSON.parse(body));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            message_id: 'n8n-1',
            response: 'Réponse de **l’automatisation de production**.',
            timestamp: new Date().toISOString(),
            files: [],
            voice: null,
          }),
        );
      });
      return;
    }
    const column = url.searchParams.get('colonne');
    const html =
      url.pathname === '/embed.html'
        ? hostPage({
            dentivoOrigin,
            hostile: url.searchParams.has('hostile'),
            widgets: url.searchParams.has('open') ? 'assistant' : (url.searchParams.get('widgets') ?? undefined),
            attributes: url.searchParams.has('open') ? 'data-open="true"' : undefined,
            column: column === 'contact-form' || column === 'tester-form' ? column : undefined,
          })
        : url.pathname === '/production.html'
          ? hostPage({
              dentivoOrigin,
              attributes: `data-webhook-url="http://127.0.0.1:${port}/automatisation/webhook"`,
            })
          : undefined;
    if (!html) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
