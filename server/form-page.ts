/**
 * The pages the server answers to a form posted without JavaScript (docs/decisions/0010-forms-without-javascript.md): the built page of
 * the form again, its island rendered anew by the form's own view (widgets/ssr.tsx, as the build renders
 * it) with what the visitor typed and the error of each field, or a French confirmation page in the
 * site's shell. The island's props carry the same state, so that, if scripts do run later, the widget
 * hydrates with the same values.
 */
import { CONFIG_TAG, dataAttribute, isHydrationMoment, islandPlaceholder } from '../core/common/islands.ts';
import type { PublicConfig } from '../core/common/config.ts';
import { frenchTypography, frenchTypographyHtml } from '../core/common/typography.ts';
import type { IslandRenderer } from '../widgets/ssr.tsx';
import { RESULT_TEXTS } from '../core/contact/fields.ts';

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

/** React and the views load with the first form that needs them, not with the server. */
let renderer: Promise<IslandRenderer> | undefined;
const islands = () => (renderer ??= import('../widgets/ssr.tsx').then((ssr) => ssr.islandRenderer()));

const FORM_END = '</form></div>';
const unescapeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/** The built page of a form, its island rendered with the posted values and their errors. */
export async function formPageWithErrors(page: string, form: FormName, state: FormPageState): Promise<string> {
  const name = `${form}-form`;
  // The placeholder of site/lib/islands.ts around the view's one <form> (forms do not nest).
  const [widgetAttribute, propsAttribute, momentAttribute] = (['name', 'props', 'hydrate'] as const).map(dataAttribute);
  const start = new RegExp(
    `<div class="island" ${widgetAttribute}="${name}"(?: ${propsAttribute}="([^"]*)")? ${momentAttribute}="(\\w+)">`,
  ).exec(page);
  const end = start ? page.indexOf(FORM_END, start.index) : -1;
  const moment = start?.[2];
  // The page's last configuration block, as the widgets read it.
  const at = page.lastIndexOf(CONFIG_TAG);
  const config = at < 0 ? undefined : page.slice(at + CONFIG_TAG.length).split('</script>')[0];
  if (!start || end < 0 || !isHydrationMoment(moment) || !config)
    throw new Error(`La page construite ne contient pas le formulaire « ${name} » : relancez npm run build.`);

  // The messages typeset in the props as on the page, so that the woken form hydrates what is shown
  // instead of drawing it again over what the visitor types (docs/decisions/0053-form-messages-and-typed-text.md).
  const errors = Object.fromEntries(
    Object.entries(state.errors).map(([field, message]) => [field, message && frenchTypography(message)]),
  );
  const initial = {
    values: state.values,
    errors,
    ...(state.alert ? { alert: frenchTypography(state.alert) } : {}),
  };
  const props = { ...(start[1] ? JSON.parse(unescapeAttribute(start[1])) : {}), initial };
  // Typeset as the build typesets the page; the visitor's own text (values, textarea) is left as typed.
  const view = frenchTypographyHtml((await islands()).render(name, props, JSON.parse(config) as PublicConfig));
  const html =
    page.slice(0, start.index) + islandPlaceholder(name, props, moment, view) + page.slice(end + FORM_END.length);
  return html.replace(
    /<title>([\s\S]*?)<\/title>/,
    (_match, title: string) => `<title>${RESULT_TEXTS.errorTitle(title)}</title>`,
  );
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
