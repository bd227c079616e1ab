/**
 * The embedded widgets (loaded by widgets/embed.ts from the Dentivo site, on any other site). Each widget
 * renders inside its own shadow root with its own stylesheet, so the host page's CSS and the widget's never
 * touch. The configuration is the site's public one (embed-config.json, written by the build), with the
 * script tag's data-* overrides; its relative URLs lead back to the Dentivo site, not to the host page.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import css from 'virtual:embed-css';
import type { PublicConfig } from '../core/site/config.ts';
import { setConfig } from './runtime/config.ts';
import { ErrorBoundary } from './runtime/ErrorBoundary.tsx';
import Toaster from './runtime/Toaster.tsx';
import Assistant from './assistant/Assistant.tsx';
import { openAssistant, setContentOrigin } from './assistant/store.ts';

export interface EmbedOptions {
  widgets?: string;
  webhookUrl?: string;
  supabaseUrl?: string;
  supabaseKey?: string;
  open?: string;
}

/** Widgets that make sense on another site, besides the assistant: they fill <div data-dentivo-widget="…">. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; they arrive as parsed JSON
const inPage: Record<string, () => Promise<{ default: ComponentType<any> }>> = {
  'contact-form': () => import('./forms/ContactForm.tsx'),
  'tester-form': () => import('./forms/TesterForm.tsx'),
  'audit-checklist': () => import('./blog/AuditChecklist.tsx'),
};

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

export async function mount(source: string, options: EmbedOptions): Promise<void> {
  setConfig(await siteConfig(source, options));
  setContentOrigin(new URL(source).origin);
  const names = (options.widgets || 'assistant')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

  if (names.includes('assistant')) {
    const host = document.createElement('dentivo-assistant');
    document.body.append(host);
    createRoot(shadowRoot(host, [css])).render(
      <ErrorBoundary name="assistant">
        <Assistant />
        <div className="toasts">
          <Toaster />
        </div>
      </ErrorBoundary>,
    );
    if (options.open === 'true') openAssistant();
  }

  const others = names.filter((name) => name in inPage);
  if (!others.length) return;
  const { default: pageCss } = await import('virtual:embed-css/page');
  for (const name of others) {
    const targets = document.querySelectorAll<HTMLElement>(`[data-dentivo-widget="${name}"]`);
    if (!targets.length) continue;
    const { default: component } = await inPage[name]!();
    for (const target of targets) {
      let props: Record<string, unknown> = {};
      try {
        props = JSON.parse(target.dataset.props ?? '{}');
      } catch {
        console.error(`Dentivo : data-props illisible pour « ${name} »`);
      }
      createRoot(shadowRoot(target, [css, pageCss])).render(
        <ErrorBoundary name={name}>{createElement(component, props)}</ErrorBoundary>,
      );
    }
  }
}
