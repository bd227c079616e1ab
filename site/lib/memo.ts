/**
 * Parts of pages that are the same on every page of a build (the header, the footer, the islands of
 * the shell, the blocks under every article, an author's box, a post card) are rendered once per build
 * and reused: `{% memo "footer" %}…{% endmemo %}`. The key must name everything the part depends on
 * besides the build's data (`"card:" + post.slug`). Cleared when a build starts (eleventy.config.js),
 * so `npm run dev` never serves a stale part.
 */
interface NunjucksNodes {
  CallExtension: new (extension: object, method: string, args: unknown, contents: unknown[]) => unknown;
}
interface NunjucksParser {
  nextToken(): { value: string };
  parseSignature(tolerant: null, noParens: boolean): unknown;
  advanceAfterBlockEnd(name?: string): void;
  parseUntilBlocks(...names: string[]): unknown;
}
interface NunjucksLib {
  runtime: { SafeString: new (value: string) => unknown };
}

/**
 * `finish`: applied once to what a `memo` block renders (the typography, as a part that pages refer to:
 * site/lib/typeset.ts). `forget`: what `finish` keeps, cleared with the memo (a reference it gave must
 * never outlive what it refers to).
 */
export function createMemo(finish: (html: string) => string = (html) => html, forget = () => {}) {
  const parts = new Map<string, string>();

  return {
    clear: () => {
      parts.clear();
      forget();
    },
    get size() {
      return parts.size;
    },
    /** The part under `key`, rendered by `render` the first time. */
    get(key: string, render: () => string): string {
      let part = parts.get(key);
      if (part === undefined) parts.set(key, (part = render()));
      return part;
    },
    /** The `memo` block tag, for eleventyConfig.addNunjucksTag. */
    nunjucksTag(nunjucks: NunjucksLib) {
      return {
        tags: ['memo'],
        parse(parser: NunjucksParser, nodes: NunjucksNodes) {
          const token = parser.nextToken();
          const args = parser.parseSignature(null, true);
          parser.advanceAfterBlockEnd(token.value);
          const body = parser.parseUntilBlocks('endmemo');
          parser.advanceAfterBlockEnd();
          return new nodes.CallExtension(this, 'run', args, [body]);
        },
        run(_context: unknown, key: string, body: () => string) {
          let part = parts.get(key);
          if (part === undefined) parts.set(key, (part = finish(String(body()))));
          return new nunjucks.runtime.SafeString(part);
        },
      };
    },
  };
}
