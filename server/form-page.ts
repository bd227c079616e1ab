/**
 * The pages the server answers to a form posted without JavaScript (docs/decisions/0010-forms-without-javascript.md): the built page of
 * the form again, with what the visitor typed and the error of each field in place, or a French
 * confirmation page in the site's shell.
 *
 * The built form is the widget's own markup (ids `{form}-{field}`, `{form}-{field}-error`,
 * `{form}-alert`); this module changes only those elements, and writes the same state into the
 * island's props so that, if scripts do run later, the widget hydrates with the same values.
 */
import { escapeRegExp } from '../core/common/regexp.ts';
import { frenchTypography } from '../core/common/typography.ts';

export type FormName = 'contact' | 'tester';

export interface FormPageState {
  values: Record<string, string | boolean>;
  errors: Record<string, string>;
  alert?: string;
}

/** Escapes text for an HTML attribute value or text content. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** An element's start tag (by id) → a new start tag; undefined when the id is absent. */
function replaceStartTag(html: string, id: string, change: (tag: string) => string): string {
  const pattern = new RegExp(`<(input|select|textarea|p|button)\\b[^>]*\\sid="${id}"[^>]*>`);
  return html.replace(pattern, (tag) => change(tag));
}

/** Sets (or with null removes) one attribute of a start tag, parsing the attributes so no value is ever mistaken for a name. */
function setAttribute(tag: string, name: string, value: string | null): string {
  const match = /^<([a-z]+)([\s\S]*?)(\/?)>$/.exec(tag);
  if (!match) return tag;
  const [, element, rest, selfClosing] = match;
  const attributes: [string, string | null][] = [];
  for (const [, key, quoted] of rest!.matchAll(/\s+([^\s"'=<>/]+)(?:="([^"]*)")?/g))
    if (key !== name) attributes.push([key!, quoted ?? null]);
  if (value !== null) attributes.push([name, escapeHtml(value)]);
  const written = attributes.map(([key, quoted]) => (quoted === null ? ` ${key}` : ` ${key}="${quoted}"`)).join('');
  return `<${element}${written}${selfClosing}>`;
}

/** The built page of a form, filled with the posted values and their errors. */
export function formPageWithErrors(page: string, form: FormName, state: FormPageState): string {
  let html = page;
  // Written into the page after the build's typesetting, so typeset here (docs/decisions/0006-french-typography-at-build.md);
  // the props below carry the same strings, so the woken widget shows them unchanged.
  const errors = Object.fromEntries(
    Object.entries(state.errors).map(([field, message]) => [field, frenchTypography(message)]),
  );
  const alert = state.alert ? frenchTypography(state.alert) : undefined;
  const fields = Object.keys(state.values);
  const firstError = fields.find((field) => errors[field]);

  for (const field of fields) {
    const id = `${form}-${field}`;
    const value = state.values[field];
    const error = errors[field];
    const errorId = `${id}-error`;
    html = replaceStartTag(html, id, (tag) => {
      let next = tag;
      if (tag.startsWith('<input')) {
        if (/\stype="checkbox"/.test(tag)) next = setAttribute(next, 'checked', value === true ? '' : null);
        else next = setAttribute(next, 'value', String(value ?? ''));
      }
      const hint =
        /\saria-describedby="([^"]*)"/
          .exec(tag)?.[1]
          ?.split(' ')
          .filter((token) => token && token !== errorId) ?? [];
      next = setAttribute(next, 'aria-invalid', error ? 'true' : null);
      next = setAttribute(next, 'aria-describedby', [...hint, ...(error ? [errorId] : [])].join(' ') || null);
      next = setAttribute(next, 'autofocus', field === firstError ? '' : null);
      return next;
    });
    if (typeof value === 'string') {
      // Text of a textarea; selected option of a select.
      html = html.replace(
        new RegExp(`(<textarea\\b[^>]*\\sid="${id}"[^>]*>)[\\s\\S]*?(</textarea>)`),
        (_match, open: string, close: string) => `${open}${escapeHtml(value)}${close}`,
      );
      html = html.replace(
        new RegExp(`(<select\\b[^>]*\\sid="${id}"[^>]*>)([\\s\\S]*?)(</select>)`),
        (_match, open: string, options: string, close: string) => {
          const cleared = options.replace(/\sselected(="[^"]*")?/g, '');
          const chosen = cleared.replace(
            new RegExp(`<option value="${escapeRegExp(escapeHtml(value))}"`),
            (option) => `${option} selected=""`,
          );
          return `${open}${chosen === cleared ? cleared.replace('<option value=""', '<option value="" selected=""') : chosen}${close}`;
        },
      );
    }
    html = html.replace(
      new RegExp(`<p\\b[^>]*\\sid="${errorId}"[^>]*>[\\s\\S]*?</p>`),
      error
        ? `<p class="field__error" id="${errorId}">${escapeHtml(error)}</p>`
        : `<p class="field__error" id="${errorId}" hidden=""></p>`,
    );
  }

  const alertId = `${form}-alert`;
  html = html.replace(
    new RegExp(`<p\\b[^>]*\\sid="${alertId}"[^>]*>[\\s\\S]*?</p>`),
    alert
      ? `<p class="form__alert" id="${alertId}">${escapeHtml(alert)}</p>`
      : `<p class="form__alert" id="${alertId}" hidden=""></p>`,
  );

  // The island's props carry the same state, so that the form wakes as the server wrote it: without
  // them, React would find error texts it does not render, give up hydrating and draw the form again,
  // losing what the visitor typed meanwhile. The build writes no `data-props` for a form without props.
  html = html.replace(new RegExp(`<div class="island" data-widget="${form}-form"[^>]*>`), (tag) => {
    const quoted = /\sdata-props=("[^"]*"|'[^']*')/.exec(tag)?.[1];
    let props: Record<string, unknown> = {};
    if (quoted)
      try {
        props = JSON.parse(unescapeHtml(quoted.slice(1, -1))) as Record<string, unknown>;
      } catch {
        // Keep going with no props: the form itself is already filled above.
      }
    const initial = { values: state.values, errors, ...(alert ? { alert } : {}) };
    return setAttribute(tag, 'data-props', JSON.stringify({ ...props, initial }));
  });

  return html.replace(/<title>([\s\S]*?)<\/title>/, (_match, title: string) => `<title>Erreur\u00A0: ${title}</title>`);
}

export interface ConfirmationContent {
  title: string;
  text: string;
  links: readonly { href: string; label: string; primary?: boolean }[];
}

/** The site's shell (header, footer, styles) of a built page around a short confirmation. */
export function confirmationPage(shell: string, content: ConfirmationContent, productName: string): string {
  const links = content.links
    .map(
      (link) =>
        `<a class="button ${link.primary ? 'button--primary' : 'button--secondary'}" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`,
    )
    .join('');
  const main = `<main id="contenu" tabindex="-1">
<section class="section" aria-labelledby="confirmation-titre"><div class="wrapper wrapper--narrow">
<div class="form-card form-success" role="status">
<h1 class="form-success__title" id="confirmation-titre">${escapeHtml(content.title)}</h1>
<p>${escapeHtml(content.text)}</p>
<p class="cluster">${links}</p>
</div></div></section>
</main>`;
  return shell
    .replace(/<main\b[^>]*>[\s\S]*<\/main>/, () => main)
    .replace(
      /<title>[\s\S]*?<\/title>/,
      () => `<title>${escapeHtml(content.title)} | ${escapeHtml(productName)}</title>`,
    )
    .replace(/<meta name="robots"[^>]*>/, '')
    .replace('</head>', '<meta name="robots" content="noindex">\n</head>');
}
