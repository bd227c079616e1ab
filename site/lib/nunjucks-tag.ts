/**
 * A Nunjucks tag that prints what a function returns for its arguments (`{% postCard post, true %}`),
 * added to the environment itself: an Eleventy shortcode copies `page` and `eleventy` onto a new context
 * at every call, which these functions never read (tens of thousands of calls at 10,000 articles).
 */
interface NunjucksNodes {
  CallExtension: new (extension: object, method: string, args: unknown) => unknown;
}
interface NunjucksParser {
  nextToken(): { value: string };
  parseSignature(tolerant: null, noParens: boolean): unknown;
  advanceAfterBlockEnd(name?: string): void;
}
interface NunjucksLib {
  runtime: { SafeString: new (value: string) => unknown };
}

export function functionTag<A extends unknown[]>(name: string, run: (...args: A) => string, nunjucks: NunjucksLib) {
  return {
    tags: [name],
    parse(parser: NunjucksParser, nodes: NunjucksNodes) {
      const token = parser.nextToken();
      const args = parser.parseSignature(null, true);
      parser.advanceAfterBlockEnd(token.value);
      return new nodes.CallExtension(this, 'run', args);
    },
    run(_context: unknown, ...args: A) {
      return new nunjucks.runtime.SafeString(run(...args));
    },
  };
}
