/**
 * Decap CMS with only what our configuration uses (core/content/cms-collections.ts): the proxy backend
 * (`npm run dev`) and GitHub's (production), and the widgets the generated forms name. `decap-cms-app`
 * registers every backend, widget and language Decap has (a map widget with its map library, a code
 * editor with a hundred languages' modes, eight other git hosts, forty languages): loaded and run by the
 * browser before the first screen, they cost most of the admin's opening time for nothing
 * (docs/decisions/0066-admin-opens-with-what-it-uses.md). A widget the configuration names must be
 * registered here or by cms/main.tsx: tests/e2e/cms.spec.ts opens a form of each collection.
 */
import { DecapCmsCore as CMS } from 'decap-cms-core';
import { GitHubBackend } from 'decap-cms-backend-github';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import DecapCmsWidgetString from 'decap-cms-widget-string';
import DecapCmsWidgetNumber from 'decap-cms-widget-number';
import DecapCmsWidgetText from 'decap-cms-widget-text';
import DecapCmsWidgetImage from 'decap-cms-widget-image';
import DecapCmsWidgetSelect from 'decap-cms-widget-select';
import DecapCmsWidgetMarkdown from 'decap-cms-widget-markdown';
import DecapCmsWidgetList from 'decap-cms-widget-list';
import DecapCmsWidgetObject from 'decap-cms-widget-object';
import DecapCmsWidgetRelation from 'decap-cms-widget-relation';
import DecapCmsWidgetBoolean from 'decap-cms-widget-boolean';
import DecapCmsWidgetDatetime from 'decap-cms-widget-datetime';
import image from 'decap-cms-editor-component-image';

CMS.registerBackend('proxy', ProxyBackend);
CMS.registerBackend('github', GitHubBackend);
for (const widget of [
  DecapCmsWidgetString,
  DecapCmsWidgetNumber,
  DecapCmsWidgetText,
  DecapCmsWidgetImage,
  DecapCmsWidgetSelect,
  DecapCmsWidgetMarkdown,
  DecapCmsWidgetList,
  DecapCmsWidgetObject,
  DecapCmsWidgetRelation,
  DecapCmsWidgetBoolean,
  DecapCmsWidgetDatetime,
])
  CMS.registerWidget(widget.Widget());
// The article's images in the text (the markdown field's `editor_components`).
CMS.registerEditorComponent(image);

export default CMS;
