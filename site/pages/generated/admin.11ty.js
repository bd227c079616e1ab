// The CMS's page (docs/decisions/0029-cms-for-editors.md), written only when CMS_BACKEND is set
// (site/lib/cms.ts): never indexed, never in the sitemap, and absent from a default build.
export const data = {
  eleventyExcludeFromCollections: true,
  permalink: (data) => (data.cms ? '/admin/index.html' : false),
};

const escapeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

export function render({ cms, assets }) {
  // Eleventy renders a template even when it writes nothing (permalink false).
  if (!cms) return '';
  const settings = { backend: cms.backend, stylesheets: assets.css };
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Modifier le contenu · Dentivo</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${cms.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
<script type="application/json" id="cms-settings">${escapeJson(settings)}</script>
<script type="module" src="${cms.script}"></script>
</head>
<body>
<noscript>L’interface de modification du contenu a besoin de JavaScript.</noscript>
</body>
</html>
`;
}
