/**
 * The assistant's replies are Markdown (docs/requirements.md#assistant-message-text): read here into a small tree that the widget
 * renders as React elements (widgets/assistant/MessageText.tsx), never as an HTML string, so that nothing
 * a reply holds can become markup: raw HTML is only text (its tags dropped, the content of script and
 * style with them), and every link goes through the chat's link rule (docs/decisions/0044-assistant-replies-without-libraries.md).
 *
 * What it reads: paragraphs with line breaks kept (GFM « breaks »), `#` headings, `-`/`*`/`+` and `1.`
 * lists (nested by indentation), `>` quotes, fenced and indented code, `---` rules, pipe tables; inline,
 * `**strong**`, `*em*`, `~~del~~`, `` `code` ``, `[links](url "title")`, `<autolinks>`, bare http(s)
 * addresses, backslash escapes and the common entities. Images show their alternative text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; title?: string; children: Inline[] }
  | { type: 'br' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | { type: 'table'; head: Inline[][]; rows: Inline[][][] };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])([ \t]+|$)/;
const TABLE_SEPARATOR = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const blank = (line: string) => line.trim() === '';

/** The cells of a table row, without its outer pipes (an escaped \| stays in its cell). */
function cells(line: string): string[] {
  const row = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Does this line start a block other than a paragraph's next line? */
function interrupts(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    ITEM.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next) && next.includes('-'))
  );
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]!) || blank(lines[i]!))) body.push(lines[i++]!);
      blocks.push({
        type: 'code',
        text: body
          .map((row) => row.replace(/^( {4}|\t)/, ''))
          .join('\n')
          .trimEnd(),
      });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i]!) && (QUOTE.test(lines[i]!) || !interrupts(lines[i]!, lines[i + 1])))
        body.push(lines[i++]!.replace(QUOTE, ''));
      blocks.push({ type: 'quote', children: parseBlocks(body) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      const ordered = item[3] !== undefined;
      const list: Extract<Block, { type: 'list' }> = {
        type: 'list',
        ordered,
        start: ordered ? Number(item[3]) : 1,
        items: [],
      };
      while (i < lines.length) {
        const current = ITEM.exec(lines[i]!);
        if (!current || (current[3] !== undefined) !== ordered) break;
        const indent = Math.max(current[0].length, 2);
        const body = [lines[i]!.slice(current[0].length)];
        i++;
        // The item goes on with the lines indented under it (a blank line only before one of them), and
        // with a paragraph's lazy continuation.
        while (i < lines.length) {
          const next = lines[i]!;
          const leading = /^[ \t]*/.exec(next)![0].length;
          if (blank(next)) {
            const after = lines[i + 1];
            if (after === undefined || blank(after) || /^[ \t]*/.exec(after)![0].length < 2) break;
            body.push('');
          } else if (leading >= 2) body.push(next.slice(Math.min(leading, indent)));
          else if (!interrupts(next, lines[i + 1]) && !blank(body.at(-1)!)) body.push(next);
          else break;
          i++;
        }
        list.items.push(parseBlocks(body));
        while (i < lines.length && blank(lines[i]!) && i + 1 < lines.length && ITEM.test(lines[i + 1]!)) i++;
      }
      blocks.push(list);
      continue;
    }
    const next = lines[i + 1];
    if (line.includes('|') && next !== undefined && next.includes('-') && TABLE_SEPARATOR.test(next)) {
      const head = cells(line).map(parseInline);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && !blank(lines[i]!) && lines[i]!.includes('|'))
        rows.push(cells(lines[i++]!).map(parseInline));
      blocks.push({ type: 'table', head, rows });
      continue;
    }
    const paragraph = [line.trim()];
    i++;
    while (i < lines.length && !blank(lines[i]!) && !interrupts(lines[i]!, lines[i + 1]))
      paragraph.push(lines[i++]!.trim());
    const children = parseInline(paragraph.join('\n'));
    // Raw HTML alone (tags only) leaves nothing to show.
    if (children.some((node) => node.type !== 'br' && (node.type !== 'text' || node.text.trim())))
      blocks.push({ type: 'paragraph', children });
  }
  return blocks;
}

export function parseMarkdown(markdown: string): Block[] {
  return parseBlocks(markdown.replace(/\r\n?/g, '\n').split('\n'));
}

// ---------------------------------------------------------------------------------------------------
// Inline.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: '’',
  nbsp: '\u00A0',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  hellip: '…',
  euro: '€',
};
const ENTITY = /^&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,8}));/i;
const ESCAPABLE = /^\\([!-/:-@[-`{-~])/;
const AUTOLINK = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i;
const BARE_URL = /^https?:\/\/[^\s<>]+/i;
/** Punctuation that ends a sentence rather than the address (« voir https://x.fr/a. »). */
const TRAILING = /[.,;:!?)\]}»'"*_~]+$/;
/** Raw HTML is text: its tags are dropped, and the content of these with them. */
const HIDDEN_CONTENT = /^<(script|style|template|title|textarea|iframe|noscript)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/i;
const TAG = /^<\/?[a-z][a-z0-9-]*(?:\s+[^<>]*)?\/?>|^<!--[\s\S]*?(?:-->|$)|^<![a-z][^>]*>|^<\?[\s\S]*?\?>/i;

/** The end of a link's text: the `]` that closes its `[`, escapes and code spans skipped. */
function closingBracket(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > 0) i = end;
    } else if (char === '[') depth++;
    else if (char === ']') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** `(url "title")` right after a link's text: its address, title and length. */
function destination(text: string, from: number): { href: string; title?: string; end: number } | undefined {
  const match =
    /^\(\s*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))(?:\s+(?:"([^"]*)"|'([^']*)'))?\s*\)/.exec(
      text.slice(from),
    );
  if (!match) return undefined;
  const href = (match[1] ?? match[2] ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
  const title = match[3] ?? match[4];
  return { href, ...(title ? { title } : {}), end: from + match[0].length };
}

/** A closing run of `marker` for an opening at `from`, not escaped, not right after a space. */
function closing(text: string, marker: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > 0) i = end;
      continue;
    }
    if (!text.startsWith(marker, i) || i === from || /\s/.test(text[i - 1]!)) continue;
    // *em* must not close on the first star of a **strong**.
    if (marker.length === 1 && text[i + 1] === marker && text[i - 1] !== marker) {
      i++;
      continue;
    }
    // _em_ and __strong__ close only at the end of a word.
    if (marker[0] === '_' && /[\p{L}\p{N}]/u.test(text[i + marker.length] ?? '')) continue;
    return i;
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  const push = (node: Inline) => {
    flush();
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const char = text[i]!;
    if (char === '\\') {
      if (text[i + 1] === '\n') {
        push({ type: 'br' });
        i += 2;
        continue;
      }
      const escaped = ESCAPABLE.exec(rest);
      plain += escaped ? escaped[1] : char;
      i += escaped ? 2 : 1;
      continue;
    }
    if (char === '\n') {
      plain = plain.replace(/ +$/, '');
      push({ type: 'br' });
      i++;
      while (text[i] === ' ') i++;
      continue;
    }
    if (char === '&') {
      const entity = ENTITY.exec(rest);
      const decoded = entity
        ? entity[1] || entity[2]
          ? String.fromCodePoint(Math.min(0x10ffff, parseInt(entity[1] ?? entity[2]!, entity[1] ? 10 : 16)) || 0xfffd)
          : ENTITIES[entity[3]!.toLowerCase()]
        : undefined;
      if (entity && decoded !== undefined) {
        plain += decoded;
        i += entity[0].length;
        continue;
      }
    }
    if (char === '`') {
      const run = /^`+/.exec(rest)![0];
      const end = text.indexOf(run, i + run.length);
      if (end > 0) {
        const code = text.slice(i + run.length, end).replace(/\n/g, ' ');
        push({ type: 'code', text: /^ .* $/.test(code) && code.trim() ? code.slice(1, -1) : code });
        i = end + run.length;
        continue;
      }
      plain += run;
      i += run.length;
      continue;
    }
    if (char === '<') {
      const auto = AUTOLINK.exec(rest);
      if (auto) {
        push({ type: 'link', href: auto[1]!, children: [{ type: 'text', text: auto[1]!.replace(/^mailto:/i, '') }] });
        i += auto[0].length;
        continue;
      }
      const hidden = HIDDEN_CONTENT.exec(rest);
      const tag = hidden ?? TAG.exec(rest);
      if (tag) {
        i += tag[0].length;
        continue;
      }
    }
    if (char === '[' || (char === '!' && text[i + 1] === '[')) {
      const image = char === '!';
      const open = i + (image ? 2 : 1);
      const close = closingBracket(text, open);
      const target = close > 0 ? destination(text, close + 1) : undefined;
      if (target) {
        const label = text.slice(open, close);
        // An image shows its alternative text: the chat loads no picture from a reply.
        if (image) plain += label;
        else
          push({
            type: 'link',
            href: target.href,
            ...(target.title ? { title: target.title } : {}),
            children: parseInline(label),
          });
        i = target.end;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && !/[\p{L}\p{N}]/u.test(text[i - 1] ?? '')) {
      const bare = BARE_URL.exec(rest);
      if (bare) {
        const url = bare[0].replace(TRAILING, '');
        push({ type: 'link', href: url, children: [{ type: 'text', text: url }] });
        i += url.length;
        continue;
      }
    }
    if (char === '*' || char === '_' || char === '~') {
      const double = text[i + 1] === char;
      const marker = double ? char + char : char;
      const canOpen =
        !/\s/.test(text[i + marker.length] ?? ' ') &&
        (char !== '_' || !/[\p{L}\p{N}]/u.test(text[i - 1] ?? '')) &&
        (char !== '~' || double);
      const end = canOpen ? closing(text, marker, i + marker.length) : -1;
      if (end > 0) {
        const type = char === '~' ? 'del' : double ? 'strong' : 'em';
        push({ type, children: parseInline(text.slice(i + marker.length, end)) });
        i = end + marker.length;
        continue;
      }
      plain += marker;
      i += marker.length;
      continue;
    }
    plain += char;
    i++;
  }
  flush();
  return out;
}
