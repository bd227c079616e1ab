/**
 * Every island the site can hydrate, each its own chunk. The same map serves the build-time render
 * (ssr.tsx) and the browser (client.ts), so a widget cannot exist in one and not the other.
 */
import type { ComponentType } from 'react';

export type WidgetModule = { default: ComponentType<any> };

export const widgets: Record<string, () => Promise<WidgetModule>> = {
  toaster: () => import('./Toaster.tsx'),
  'audit-checklist': () => import('../blog/AuditChecklist.tsx'),
  'blog-filter': () => import('../blog/BlogFilter.tsx'),
};
