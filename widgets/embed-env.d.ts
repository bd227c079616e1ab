/** The embedded widgets' stylesheets, built by vite.embed.config.ts. */
declare module 'virtual:embed-css' {
  const css: string;
  export default css;
}
/** What the in-page widgets (forms, audit checklist) need besides: the site's base and block styles. */
declare module 'virtual:embed-css/page' {
  const css: string;
  export default css;
}
