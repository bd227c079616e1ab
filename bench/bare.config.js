// The bare Eleventy build of the build-scaling bench (bench/build.ts): the same Markdown
// articles as the real site, rendered with Eleventy's default Markdown (markdown-it) to plain HTML,
// with no layout, no data, no filters, no shortcodes and no transforms. Its time is the floor that
// our build is compared with (the ratio ours / bare is the figure to watch).
//   npx @11ty/eleventy --config=bench/bare.config.js --input=<dir of .md> --output=<dir>
// https://www.11ty.dev/docs/config/

/** @param {import("@11ty/eleventy").UserConfig} _eleventyConfig */
export default function (_eleventyConfig) {
  return {
    templateFormats: ['md'],
    // Plain Markdown: no Liquid pass over the articles (ours does not template them either).
    markdownTemplateEngine: false,
  };
}
