/**
 * The contact and tester forms without JavaScript (docs/decisions/0010-forms-without-javascript.md): POST /contact and POST /tester
 * (form-encoded, the forms' `action`) go through the same schemas and the same SQL function as the
 * function; the answer is the page again with the typed values and the errors in place, or a
 * redirect (303) to a French confirmation page, so that reloading it sends nothing twice.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../../core/common/config.ts';
import {
  contactFormFromEntries,
  HONEYPOT_FIELD,
  RESULT_TEXTS,
  testerFormFromEntries,
  type FieldErrors,
} from '../../core/contact/fields.ts';
import { validateContactForm, validateTesterForm } from '../../core/contact/schema.ts';
import { LIMIT_MESSAGES } from '../../core/contact/messages.ts';
import { readFormBody } from '../form-body.ts';
import { acceptSubmission, HANDLER_MESSAGES } from '../../backend/contact/handler.ts';
import type { ContactBackend } from '../contact-backend.ts';
import { confirmationPage, formPageWithErrors, type FormName, type FormPageState } from '../form-page.ts';
import { clientAddress } from '../rate-limit.ts';

/** Form-encoded bodies weigh up to three times their text (%C3%A9 for é): room for the longest message. */
export const MAX_FORM_BODY_BYTES = 128 * 1024;

const confirmations = {
  contact: {
    title: RESULT_TEXTS.contactSuccessTitle,
    text: RESULT_TEXTS.contactSuccessText,
    links: [
      { href: '/', label: 'Retour à l’accueil', primary: true },
      { href: '/contact', label: RESULT_TEXTS.newMessage },
    ],
  },
  tester: {
    title: RESULT_TEXTS.testerSuccess,
    text: RESULT_TEXTS.testerThanksText,
    links: [
      { href: '/', label: 'Retour à l’accueil', primary: true },
      { href: '/fonctionnalites', label: 'Découvrir les fonctionnalités' },
    ],
  },
} as const;

export function formRoutes(backend: ContactBackend, siteDir: string, config: SiteConfig) {
  const app = new Hono();
  const builtPage = (form: FormName) => readFile(join(siteDir, form, 'index.html'), 'utf8');

  async function errorPage(
    c: Context,
    form: FormName,
    state: FormPageState,
    status: 400 | 403 | 413 | 429 | 503,
    headers: Record<string, string> = {},
  ) {
    const html = await formPageWithErrors(await builtPage(form), form, state);
    return c.html(html, status, { 'cache-control': 'no-store', ...headers });
  }

  for (const form of ['contact', 'tester'] as const) {
    const post = async (c: Context) => {
      // Read whole here: past MAX_FORM_BODY_BYTES the body limit below answers 413.
      const body = await readFormBody(new Uint8Array(await c.req.arrayBuffer()), c.req.header('content-type') ?? '');
      const read = (name: string) => body.fields.get(name)?.[0];
      const values = form === 'contact' ? contactFormFromEntries(read) : testerFormFromEntries(read);
      const keep = { ...values } as Record<string, string | boolean>;

      const origin = c.req.header('origin');
      if (origin && origin !== new URL(c.req.url).origin && !backend.deps.allowedOrigins.includes(origin))
        return errorPage(c, form, { values: keep, errors: {}, alert: HANDLER_MESSAGES.origin }, 403);
      // Bytes that are not UTF-8 are refused, never stored as replacement characters.
      if (!body.ok) return errorPage(c, form, { values: keep, errors: {}, alert: LIMIT_MESSAGES.encoding }, 400);

      const trap = read(HONEYPOT_FIELD);
      const result =
        form === 'contact'
          ? validateContactForm(values as ReturnType<typeof contactFormFromEntries>)
          : validateTesterForm(values as ReturnType<typeof testerFormFromEntries>);
      if (!result.ok) return errorPage(c, form, { values: keep, errors: result.errors as Record<string, string> }, 400);

      // Counted by the database once the form is valid: a visitor correcting mistakes is not a flood.
      const outcome = await acceptSubmission(
        trap ? { ...result.payload, [HONEYPOT_FIELD]: trap } : result.payload,
        backend.deps,
        { clientKey: clientAddress(c, { trustProxy: backend.trustProxy }) },
      );
      if (outcome.kind === 'rateLimited')
        return errorPage(
          c,
          form,
          { values: keep, errors: {}, alert: HANDLER_MESSAGES.rateLimited(outcome.retryAfterSeconds) },
          429,
          { 'retry-after': String(outcome.retryAfterSeconds) },
        );
      if (outcome.kind === 'invalid')
        return errorPage(
          c,
          form,
          { values: keep, errors: outcome.fields as FieldErrors<string> as Record<string, string> },
          400,
        );
      if (outcome.kind === 'unavailable')
        return errorPage(c, form, { values: keep, errors: {}, alert: HANDLER_MESSAGES.unavailable }, 503, {
          'retry-after': '30',
        });
      return c.redirect(`/${form}/merci`, 303);
    };
    const limit = bodyLimit({
      maxSize: MAX_FORM_BODY_BYTES,
      onError: async (c) =>
        errorPage(c, form, { values: {}, errors: {}, alert: HANDLER_MESSAGES.tooLarge }, 413, { connection: 'close' }),
    });
    app.post(`/${form}`, limit, post);
    app.post(`/${form}/`, limit, post);
    app.get(`/${form}/merci`, async (c) =>
      c.html(confirmationPage(await builtPage(form), confirmations[form], config.product.name), 200, {
        'cache-control': 'no-cache',
      }),
    );
  }
  return app;
}
