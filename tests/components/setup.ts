/**
 * Set-up of every component test (vitest.config.ts, project "components"): a jsdom page as the site
 * builds it, so the widgets run as they do in a browser.
 * - The page carries the public configuration the way the build writes it (script[data-dentivo-config]), made from
 *   content/site.json by core/common/config.ts; `pageConfig()` (tests/support/widget-page.ts) changes it.
 * - Each test starts on an empty page with empty storage, and React trees are unmounted after it.
 * - Testing Library's own matchers are not used: assertions stay Vitest's `expect`, on what the visitor
 *   sees (roles, names, text), as in the end-to-end tests.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { writePageConfig } from '../support/widget-page.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  writePageConfig();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});
