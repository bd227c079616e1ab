/** Build-time render of an island (called by the Eleventy shortcode through eleventy.config.js). */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicConfig } from '../core/site/config.ts';
import { setConfig } from './runtime/config.ts';
import AuditChecklist from './blog/AuditChecklist.tsx';
import Toaster from './runtime/Toaster.tsx';
import AssistantIsland from './assistant/AssistantIsland.tsx';
import BlogFilter from './blog/BlogFilter.tsx';
import CookieBanner from './consent/CookieBanner.tsx';
import CookieSettings from './consent/CookieSettings.tsx';
import Analytics from './analytics/Analytics.tsx';
import ContactForm from './forms/ContactForm.tsx';
import TesterForm from './forms/TesterForm.tsx';

// Static imports: the build renders synchronously. Keep in step with runtime/registry.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; they arrive as parsed JSON
const components: Record<string, (props: any) => React.ReactNode> = {
  toaster: Toaster,
  assistant: AssistantIsland,
  'audit-checklist': AuditChecklist,
  'blog-filter': BlogFilter,
  'cookie-banner': CookieBanner,
  'cookie-settings': CookieSettings,
  analytics: Analytics,
  'contact-form': ContactForm,
  'tester-form': TesterForm,
};

export function renderIsland(name: string, props: Record<string, unknown>, config: PublicConfig): string {
  const component = components[name];
  if (!component) throw new Error(`Widget inconnu « ${name} » (connus : ${Object.keys(components).join(', ')})`);
  setConfig(config);
  return renderToString(createElement(component, props));
}

export const ssrWidgetNames = () => Object.keys(components);
