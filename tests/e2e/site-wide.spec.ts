/**
 * Held over every built page, so every page added later meets them too:
 * axe-core (WCAG 2.2 A/AA) at 375 px then 1280 px, html-validate, and the internal link check.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';
import { builtPages } from '../support/site.ts';
import { checkLinks } from '../support/links.ts';
import { axeViolations } from '../support/axe.ts';

const pages = builtPages();

test.describe('accessibilité (axe-core, WCAG 2.2 AA) sur chaque page', () => {
  // One load per page, checked at the phone's width and again once widened: the layout follows the
  // width (media queries, and site/enhance.ts's listeners for the menu and the footer's accordions), and
  // the suite saves a navigation and an axe injection per page.
  for (const { path } of pages) {
    test(`${path} à 375 puis 1280 px`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 900 });
      const response = await page.goto(path === '/404.html' ? '/page-qui-n-existe-pas' : path);
      expect(response).not.toBeNull();
      expect(await axeViolations(page), '375 px').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await axeViolations(page), '1280 px').toEqual([]);
    });
  }
});

test.describe('HTML valide (html-validate) sur chaque page', () => {
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // Long French lines and typographic characters are content, not errors.
      'no-trailing-whitespace': 'off',
      'long-title': 'off',
      'no-inline-style': 'error',
      // Eleventy's whitespace control leaves harmless blank lines.
      'no-redundant-role': 'off',
      'unique-landmark': 'error',
      // React writes void elements as <input/> and keeps autoComplete's case: both valid HTML5.
      'void-style': 'off',
      'attr-case': 'off',
      // React also writes boolean attributes as hidden="" / disabled="": valid HTML5 too.
      'attribute-boolean-style': 'off',
      'attribute-empty-style': 'off',
      // React's useId gives ids such as _R_1_; heading ids may start with a digit ("4-durees…").
      'valid-id': ['error', { relaxed: true }],
      // Lists keep role="list" (list-style: none drops the semantics in Safari); regions wrap scrollable tables.
      'prefer-native-element': ['error', { exclude: ['list', 'region'] }],
    },
  });
  for (const { file, path } of pages) {
    test(path, async () => {
      const report = await validator.validateString(readFileSync(file, 'utf8'), file);
      const errors = report.results.flatMap((r) =>
        r.messages.filter((m) => m.severity === 2).map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`),
      );
      expect(errors).toEqual([]);
    });
  }
});

test('aucun lien interne ni ancre cassé sur le site', () => {
  expect(checkLinks(pages)).toEqual([]);
});
