/**
 * One word, one line, in the text of an article or a page (docs/decisions/0051-saves-keep-the-file.md).
 * « Texte enrichi » writes the whole Markdown again, in Decap's own style, as soon as one word changes:
 * `*` bullets, padded tables, escaped brackets. A save keeps every block of the file that still says the
 * same (what Decap writes for it is what the editor's text holds), and inside a changed block every line
 * that did not change; the editor's lines come in only where something changed. A result that would not
 * read as the editor's text is dropped for the editor's text itself.
 */
import {
  markdownToHtml,
  markdownToSlate,
  slateToMarkdown,
} from 'decap-cms-widget-markdown/dist/esm/serializers/index.js';
import { commonPairs } from './keep-layout.ts';

/** What « Texte enrichi » writes for `markdown`, remembered: the file's blocks are asked again at each save. */
const written = new Map<string, string>();
function decapText(markdown: string): string {
  let text = written.get(markdown);
  if (text === undefined) {
    text = slateToMarkdown(markdownToSlate(markdown));
    if (written.size > 5000) written.clear();
    written.set(markdown, text);
  }
  return text;
}

interface Block {
  text: string;
  /** The blank lines after it. */
  gap: string;
}

/** The text's blocks (paragraphs, lists, tables, headings), cut at blank lines outside a fenced code. */
function blocksOf(text: string): { lead: string; blocks: Block[] } {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let lead = '';
  let current: string[] = [];
  let fence = '';
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? '' : marker.slice(0, 3);
    if (!fence && !line.trim() && !marker) {
      if (current.length) blocks.push({ text: current.join('\n'), gap: '' });
      current = [];
      if (blocks.length) blocks.at(-1)!.gap += `${line}\n`;
      else lead += `${line}\n`;
      continue;
    }
    current.push(line);
  }
  if (current.length) blocks.push({ text: current.join('\n'), gap: '' });
  return { lead, blocks };
}

const BULLET = /^(\s*)([*+-])(\s)/;
/** A table's row or separator, with its cells' padding removed: the same row whatever the column widths. */
const rowKey = (line: string) =>
  /^\s*\|/.test(line)
    ? line
        .trim()
        .replace(/\s*\|\s*/g, '|')
        .replace(/-{3,}/g, '---')
    : line;

/**
 * Inside one changed block, the lines that still say the same as the file's (Decap writes the file's
 * block line for line) are the file's; a new list line takes the file's bullet, so the list stays one.
 */
function keepLines(before: string, after: string): string {
  const own = before.split('\n');
  const decap = decapText(before).split('\n');
  const lines = after.split('\n');
  if (decap.length !== own.length) return after;
  // The file's bullet at each depth.
  const bullets = new Map<number, string>();
  for (const match of own.map((line) => BULLET.exec(line))) if (match) bullets.set(match[1]!.length, match[2]!);
  const result = lines.map((line) =>
    line.replace(BULLET, (whole, indent: string, _mark: string, space: string) =>
      bullets.has(indent.length) ? indent + bullets.get(indent.length)! + space : whole,
    ),
  );
  for (const [i, j] of commonPairs(decap.map(rowKey), lines.map(rowKey))) result[j] = own[i]!;
  return result.join('\n');
}

/** `after` (the editor's text) written with the bytes of `before` (the file's) wherever they say the same. */
export function keepMarkdownLayout(before: string, after: string): string {
  if (before === after || !before.trim() || !after.trim()) return after;
  const old = blocksOf(before);
  const now = blocksOf(after);
  const keys = (blocks: Block[]) => blocks.map((block) => decapText(block.text));
  const pairs = commonPairs(keys(old.blocks), keys(now.blocks));
  const texts: string[] = now.blocks.map((block) => block.text);
  const from: (number | undefined)[] = [];
  let i = 0;
  let j = 0;
  // Matched blocks are the file's; between two of them, the file's blocks are edited one for one.
  for (const [matchI, matchJ] of [...pairs, [old.blocks.length, now.blocks.length] as [number, number]]) {
    for (; j < matchJ; j++, i++) if (i < matchI) texts[j] = keepLines(old.blocks[i]!.text, texts[j]!);
    if (matchJ < now.blocks.length) {
      texts[j] = old.blocks[matchI]!.text;
      from[j] = matchI;
    }
    i = matchI + 1;
    j = matchJ + 1;
  }
  let result = old.lead;
  texts.forEach((text, index) => {
    const next = from[index + 1];
    // Between two blocks that were neighbours in the file, the file's blank lines.
    const gap =
      from[index] !== undefined && next === from[index]! + 1 ? old.blocks[from[index]!]!.gap : now.blocks[index]!.gap;
    result += index < texts.length - 1 ? `${text}\n${gap}` : text;
  });
  return markdownToHtml(result) === markdownToHtml(after) ? result : after;
}
