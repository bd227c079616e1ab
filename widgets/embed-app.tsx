/**
 * The embedded widgets (loaded by widgets/embed.ts from the Dentivo site, on any other site). Each widget
 * renders inside its own shadow root with its own stylesheet, so the host page's CSS and the widget's never
 * touch. The configuration is the site's public one (embed-config.json, written by the build), with the
 * script tag's data-* overrides; its relative URLs lead back to the Dentivo site, not to the host page.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import css from 'virtual:embed-css';
import type { PublicConfig } from '../core/common/config.ts';
import { setConfig, setPagesOrigin } from './runtime/config.ts';
import { ErrorBoundary } from './runtime/ErrorBoundary.tsx';
import { renderWidget } from './runtime/hydrate.tsx';
import { embeddableNames, islands, type Island, type IslandName } from './runtime/registry.ts';
import { openAssistant, setContentOrigin } from './assistant/store.ts';

export interface EmbedOptions {
  widgets?: string;
  webhookUrl?: string;
  supabaseUrl?: string;
  supabaseKey?: string;
  open?: string;
}

function stylesheet(text: string): CSSStyleSheet | HTMLStyleElement {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  } catch {
    const style = document.createElement('style');
    style.textContent = text;
    return style;
  }
}

/** A shadow root on `host`, with the given styles and a root element for React. */
function shadowRoot(host: HTMLElement, styles: string[]): HTMLElement {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  for (const sheet of styles.map(stylesheet)) {
    if (sheet instanceof CSSStyleSheet) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    else shadow.append(sheet);
  }
  const root = document.createElement('div');
  root.className = 'embed-root';
  shadow.append(root);
  return root;
}

async function siteConfig(source: string, options: EmbedOptions): Promise<PublicConfig> {
  const response = await fetch(new URL('embed-config.json', source));
  if (!response.ok) throw new Error(`configuration introuvable (HTTP ${response.status})`);
  const site = (await response.json()) as PublicConfig;
  const absolute = (url: string) => new URL(url, source).href;
  return {
    ...site,
    assistantWebhookUrl: options.webhookUrl || absolute(site.assistantWebhookUrl || '/assistant/webhook'),
    supabaseUrl: options.supabaseUrl || (site.supabaseUrl ? absolute(site.supabaseUrl) : new URL(source).origin),
    supabaseAnonKey: options.supabaseKey || site.supabaseAnonKey,
  };
}

/** An element of ours at the end of the host page, with its shadow root: the assistant's, the toasts'. */
function ownElement(name: 'dentivo-assistant' | 'dentivo-toasts'): HTMLElement {
  const host = document.createElement(name);
  document.body.append(host);
  return shadowRoot(host, [css]);
}

/**
 * The toasts of every embedded widget (a form's « Message envoyé », the assistant's connection error), in
 * their own shadow root: a page that embeds only a form gets them too.
 */
async function mountToasts(): Promise<void> {
  const { default: Toaster } = await islands.toaster.view();
  createRoot(ownElement('dentivo-toasts')).render(
    <ErrorBoundary name="toaster">
      <div className="toasts">
        <Toaster />
      </div>
    </ErrorBoundary>,
  );
}

/**
 * The assistant: its button and drawer in a shadow root of their own, at the end of the host page.
 * `open` (data-open="true") shows the drawer at once, without taking the focus from the page nor
 * covering it: the visitor has not asked for it yet (widgets/assistant/store.ts, openAssistant).
 */
async function mountAssistant(open: boolean): Promise<void> {
  const [{ default: View }, launcher] = await Promise.all([islands.assistant.view(), islands.assistant.wake()]);
  const root = ownElement('dentivo-assistant');
  // Committed at once: the button's script (the same as on the site) then finds its elements.
  flushSync(() =>
    createRoot(root).render(
      <ErrorBoundary name="assistant">
        <View />
      </ErrorBoundary>,
    ),
  );
  launcher.wake(root, { embedded: true });
  if (open) openAssistant({ passive: true });
}

/** An in-page widget (a form, the audit checklist) into each `<div data-dentivo-widget="name">` of the host page. */
async function mountInPage(name: IslandName, styles: string[]): Promise<void> {
  const targets = document.querySelectorAll<HTMLElement>(`[data-dentivo-widget="${name}"]`);
  const island: Island = islands[name];
  if (!targets.length || !island.view) return;
  const { default: component } = await island.view();
  for (const target of targets) {
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(target.dataset.props ?? '{}');
    } catch {
      console.error(`Dentivo\u00A0: data-props illisible pour «\u202F${name}\u202F»`);
    }
    renderWidget(shadowRoot(target, styles), name, component, props);
  }
}

export async function mount(source: string, options: EmbedOptions): Promise<void> {
  setConfig(await siteConfig(source, options));
  setContentOrigin(new URL(source).origin);
  setPagesOrigin(new URL(source).origin);
  const asked = (options.widgets || 'assistant')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of asked)
    if (!(embeddableNames as string[]).includes(name))
      console.error(
        `Dentivo\u00A0: «\u202F${name}\u202F» n’est pas un widget intégrable (${embeddableNames.join(', ')}).`,
      );
  const names = embeddableNames.filter((name) => asked.includes(name));
  if (!names.length) return;

  await mountToasts();
  if (names.includes('assistant')) await mountAssistant(options.open === 'true');
  const inPage = names.filter((name) => name !== 'assistant');
  if (!inPage.length) return;
  const { default: pageCss } = await import('virtual:embed-css/page');
  for (const name of inPage) await mountInPage(name, [css, pageCss]);
}
