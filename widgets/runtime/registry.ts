/**
 * Every island the site can hydrate, each its own chunk. The same map serves the build-time render
 * (ssr.tsx) and the browser (client.ts), so a widget cannot exist in one and not the other.
 */
import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; they arrive as parsed JSON
export type WidgetModule = { default: ComponentType<any> };

export const widgets: Record<string, () => Promise<WidgetModule>> = {
  toaster: () => import('./Toaster.tsx'),
  assistant: () => import('../assistant/AssistantIsland.tsx'),
  'audit-checklist': () => import('../blog/AuditChecklist.tsx'),
  'blog-filter': () => import('../blog/BlogFilter.tsx'),
  'cookie-banner': () => import('../consent/CookieBanner.tsx'),
  'cookie-settings': () => import('../consent/choices.ts'),
  analytics: () => import('../analytics/Analytics.tsx'),
  'contact-form': () => import('../forms/ContactForm.tsx'),
  'tester-form': () => import('../forms/TesterForm.tsx'),
};
