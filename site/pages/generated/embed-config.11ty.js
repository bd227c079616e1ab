// The public configuration for the widgets embedded on other sites (widgets/embed-app.tsx reads it):
// the same values the site's pages carry in script[data-dentivo-config], so a deployment's URLs and keys reach the
// embed without rebuilding the widgets.
export const data = { permalink: '/embed-config.json', eleventyExcludeFromCollections: true };

export function render({ site }) {
  return JSON.stringify(site.publicConfig);
}
