/**
 * The CMS at /admin (docs/decisions/0029-cms-for-editors.md): Decap CMS, configured from the zod schemas
 * of core/ (core/content/cms-collections.ts), writing files through the backend that /admin/index.html names (the
 * local folder in development, a git host in production), and checking every save with the build's rules.
 */
import CMS from './decap.ts';
import { APIError } from 'decap-cms-lib-util';
import './admin.css';
import { cmsConfig } from '../core/content/cms-collections.ts';
import { customFormats } from './formats.ts';
import { beforeSave, type EntryMap } from './save.ts';
import { iconControl } from './fields/icon.tsx';
import { faqQuestionsControl } from './fields/faq-questions.tsx';
import { JsonControl } from './fields/json.tsx';
import { countedControl } from './fields/counted.tsx';
import { altTextControl } from './fields/alt-text.tsx';
import { forgetSite, registerPreviews } from './previews/register.tsx';
import { checkAndRenameUploads } from './media.ts';
import { confirmSave, showProblems } from './problems.ts';
import { frenchPhrases } from './locale.ts';
import { sendLocalToken } from './local-access.ts';
import { TEACHING_WIDGET, withTeaching } from './teaching.ts';
import { TeachQuestionsControl } from './fields/teach-questions.tsx';
import { showStatus } from './status.ts';

interface Settings {
  backend: Record<string, unknown>;
  /** The site's stylesheets (hashed names: the pages', then the widgets'), so previews look like the pages. */
  stylesheets: string[];
}

sendLocalToken(document, window);
// Decap writes an error into its notice as « API_ERROR: … »: the editor reads only the sentence, which the
// local backend writes in French with what to do (server/routes/cms.ts).
APIError.prototype.toString = function (this: Error) {
  return this.message;
};
const settings = JSON.parse(document.getElementById('cms-settings')!.textContent!) as Settings;

CMS.registerLocale('fr', frenchPhrases());
for (const [name, extension, formatter] of customFormats) CMS.registerCustomFormat(name, extension, formatter);

const widget = (name: string) => CMS.getWidget(name)!;
CMS.registerWidget('icon', iconControl(widget('select').control as never) as never, widget('select').preview as never);
CMS.registerWidget(
  'faq-questions',
  faqQuestionsControl(widget('relation').control as never) as never,
  widget('relation').preview as never,
);
CMS.registerWidget('json', JsonControl as never);
CMS.registerWidget(TEACHING_WIDGET, TeachQuestionsControl as never);
// Decap's own text fields, with a live character count where the schema limits the length.
// The article's image description offers the one the image already has (cms/fields/alt-text.tsx).
for (const name of ['string', 'text'])
  CMS.registerWidget(
    name,
    altTextControl(countedControl(widget(name).control as never) as never) as never,
    widget(name).preview as never,
  );

CMS.registerEventListener({
  name: 'preSave',
  handler: ({ entry }) => beforeSave(entry as unknown as EntryMap, showProblems, confirmSave),
});

CMS.registerEventListener({ name: 'postSave', handler: () => forgetSite() });

registerPreviews(CMS, settings.stylesheets);
checkAndRenameUploads(document);
showStatus(document);

CMS.init({ config: withTeaching(cmsConfig({ backend: settings.backend, siteUrl: location.origin })) as never });
