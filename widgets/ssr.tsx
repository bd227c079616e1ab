/** Build-time render of an island (called by the Eleventy shortcode through eleventy.config.js). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicConfig } from '../core/config.ts';
import { setConfig } from './runtime/config.ts';
import AuditChecklist from './blog/AuditChecklist.tsx';
import Toaster from './runtime/Toaster.tsx';
import BlogFilter from './blog/BlogFilter.tsx';

// Static imports: the build renders synchronously. Keep in step with runtime/registry.ts.
const components: Record<string, (props: any) => React.ReactNode> = {
  toaster: Toaster,
  'audit-checklist': AuditChecklist,
  'blog-filter': BlogFilter,
};

export function renderIsland(name: string, props: Record<string, unknown>, config: PublicConfig): string {
  const component = components[name];
  if (!component) throw new Error(`Widget inconnu « ${name} » (connus : ${Object.keys(components).join(', ')})`);
  setConfig(config);
  return renderToStaticMarkup(createElement(component, props));
}

export const ssrWidgetNames = () => Object.keys(components);
