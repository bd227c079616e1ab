/**
 * One change, one diff (docs/decisions/0051-saves-keep-the-file.md): a save writes the file the editor
 * opened with only the values that changed, so its key order, quoting, flow lists, comments and line
 * layout stay as they were, and the history shows what the editor did. An unchanged entry is written
 * back byte for byte. YAML is edited through the parsed document (`yaml`'s Document API) rather than
 * written anew; JSON through text edits at the changed values (jsonc-parser).
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parse,
  parseDocument,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
} from 'yaml';
import { applyEdits, findNodeAtLocation, modify, parse as parseJson, parseTree } from 'jsonc-parser';

type Data = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Data =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
/** A value's text with its keys sorted: the same data whatever order the form gave its keys in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    isPlainObject(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, item[key]]),
        )
      : item,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The longest common subsequence of two lists of keys, as pairs of indexes. */
export function commonPairs(before: string[], after: string[]): [number, number][] {
  const table = before.map(() => new Array<number>(after.length + 1).fill(0));
  table.push(new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      table[i]![j] =
        before[i] === after[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < before.length && j < after.length;)
    if (before[i] === after[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  return pairs;
}

/** `node` changed as little as possible to hold `value`. */
function update(document: Document, node: unknown, value: unknown, order: readonly string[] = []): unknown {
  if (isScalar(node) && !isPlainObject(value) && !Array.isArray(value)) {
    if (same(node.value, value)) return node;
    // Same node, so its style (quotes, block text) is kept when the new text allows it.
    if (['string', 'number', 'boolean'].includes(typeof value) && typeof node.value === typeof value) {
      node.value = value;
      return node;
    }
  }
  if (isMap(node) && isPlainObject(value)) {
    node.items = node.items.filter((pair) => String((pair.key as { value?: unknown })?.value ?? pair.key) in value);
    const keys = node.items.map((pair) => String((pair.key as { value?: unknown })?.value ?? pair.key));
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      pair.value = update(document, pair.value, value[key]) as Node;
    }
    for (const key of Object.keys(value)) {
      if (keys.includes(key)) continue;
      // A new key goes where the schema's order puts it, else last.
      const rank = order.indexOf(key);
      const after =
        rank < 0 ? -1 : keys.findLastIndex((other) => order.indexOf(other) >= 0 && order.indexOf(other) < rank);
      const at = rank < 0 ? keys.length : after + 1;
      node.items.splice(at, 0, document.createPair(key, value[key]));
      keys.splice(at, 0, key);
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    // `[]` that receives its first objects becomes a block list: one object per line, then one diff per object added.
    if (node.flow && !node.items.length && value.some(isPlainObject)) node.flow = false;
    const before = node.items.map((item) => canonical((item as { toJSON?: () => unknown })?.toJSON?.() ?? item));
    const after = value.map(canonical);
    const items: unknown[] = [];
    let i = 0;
    let j = 0;
    // Unchanged items keep their node; between two of them, the old items are updated in place, one for one.
    for (const [matchI, matchJ] of [...commonPairs(before, after), [before.length, after.length] as [number, number]]) {
      for (; j < matchJ; j++, i++)
        items.push(i < matchI ? update(document, node.items[i], value[j]) : document.createNode(value[j]));
      if (matchI < before.length) items.push(node.items[matchI]);
      i = matchI + 1;
      j = matchJ + 1;
    }
    node.items = items as typeof node.items;
    return node;
  }
  return document.createNode(value);
}

const yamlOptions = { lineWidth: 0, minContentWidth: 0 } as const;

type Entry = { key: string; before: string; start: number; end: number };
const keyOf = (pair: Pair) => String((pair.key as { value?: unknown })?.value ?? pair.key);

/** The top-level entries of a mapping document, with their place in the text and their value before any change. */
function topLevelEntries(document: Document): Entry[] | undefined {
  const contents = document.contents;
  if (!isMap(contents)) return undefined;
  const entries: Entry[] = [];
  for (const pair of contents.items) {
    const key = pair.key as Node | null;
    const value = pair.value as Node | null;
    if (!key?.range || !value?.range) return undefined;
    entries.push({ key: keyOf(pair), before: canonical(value.toJSON()), start: key.range[0], end: value.range[1] });
  }
  return entries;
}

/**
 * A file `yaml` would lay out otherwise (long flow lists over several lines): its lines cannot be matched,
 * so each top-level entry whose value changed is written anew at its place in the text, and everything
 * else is left as it is. Undefined when an entry was added, removed or moved (the whole document is written then).
 */
function inPlace(source: string, document: Document, entries: Entry[]): string | undefined {
  const contents = document.contents;
  if (!isMap(contents) || contents.items.length !== entries.length) return undefined;
  if (contents.items.some((pair, index) => keyOf(pair) !== entries[index]!.key)) return undefined;
  let text = source;
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index]!;
    const pair = contents.items[index]!;
    const value = pair.value as { toJSON?: () => unknown } | null;
    if (canonical(value?.toJSON?.() ?? value) === entry.before) continue;
    // The entry alone: the comments above its key stay in the text, outside the range replaced.
    const alone = pair.clone();
    if (isScalar(alone.key)) Object.assign(alone.key, { commentBefore: undefined, spaceBefore: false });
    const single = new Document({});
    (single.contents as YAMLMap).items.push(alone);
    const written = single.toString(yamlOptions).replace(/\n$/, '');
    const old = text.slice(entry.start, entry.end);
    text = text.slice(0, entry.start) + written + (old.endsWith('\n') ? '\n' : '') + text.slice(entry.end);
  }
  return text;
}

/** A scalar's new text in the style of the one it replaces, or undefined where that style cannot hold it. */
function scalarText(node: Scalar, value: unknown, flow: boolean): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return node.type === 'PLAIN' ? String(value) : undefined;
  if (typeof value !== 'string' || value.includes('\n')) return undefined;
  if (node.type === 'QUOTE_DOUBLE') return JSON.stringify(value);
  if (node.type === 'QUOTE_SINGLE') return `'${value.replaceAll("'", "''")}'`;
  if (node.type !== 'PLAIN') return undefined;
  // Plain only if it reads back as the same string where it stands (« 12 », « oui: non » would not).
  const read = (parse(flow ? `[${value}]` : `k: ${value}`) as unknown[] | Record<string, unknown> | null) ?? {};
  return (Array.isArray(read) ? read[0] : read.k) === value ? value : JSON.stringify(value);
}

/**
 * When only values changed (the same keys, lists of the same length), each changed value is written over
 * its own characters in the file, in its own quoting: a word changed in a list that runs over several
 * lines changes that line alone. Undefined when the shape changed or a value cannot be written so.
 */
function changedValuesOnly(source: string, document: Document, value: unknown): string | undefined {
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: unknown, item: unknown, flow: boolean): boolean => {
    if (isScalar(node)) {
      if (isPlainObject(item) || Array.isArray(item)) return false;
      if (same(node.value, item)) return true;
      const text = scalarText(node, item, flow);
      if (text === undefined || !node.range) return false;
      edits.push({ start: node.range[0], end: node.range[1], text });
      return true;
    }
    if (isMap(node) && isPlainObject(item)) {
      const keys = node.items.map(keyOf);
      if (keys.length !== Object.keys(item).length || keys.some((key) => !(key in item))) return false;
      return node.items.every((pair) => visit(pair.value, item[keyOf(pair)], flow || Boolean(node.flow)));
    }
    if (isSeq(node) && Array.isArray(item) && node.items.length === item.length)
      return node.items.every((child, index) => visit(child, item[index], flow || Boolean(node.flow)));
    return false;
  };
  if (!visit(document.contents, value, false)) return undefined;
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return same(parse(text), value) ? text : undefined;
}

/**
 * `source` (a YAML text) holding `value` instead of what it held, edited in place; `source` itself when
 * it already holds it. `order`: where a new top-level key goes.
 */
export function keepYamlLayout(source: string, value: unknown, order: readonly string[] = []): string {
  const document = parseDocument(source);
  if (document.errors.length) return '';
  if (same(document.toJS(), value)) return source;
  const edited = changedValuesOnly(source, document, value);
  if (edited !== undefined) return edited;
  // The document written again unchanged differs from the file only inside some lines (`[home]` comes
  // back as `[ home ]`): the lines the change leaves alone are taken from the file itself.
  const reference = document.toString(yamlOptions).split('\n');
  const entries = topLevelEntries(document);
  document.contents = update(document, document.contents, value, order) as typeof document.contents;
  const updated = document.toString(yamlOptions).split('\n');
  const lines = source.split('\n');
  if (lines.length !== reference.length) return (entries && inPlace(source, document, entries)) ?? updated.join('\n');
  const result: string[] = [];
  let j = 0;
  for (const [matchI, matchJ] of [
    ...commonPairs(reference, updated),
    [reference.length, updated.length] as [number, number],
  ]) {
    result.push(...updated.slice(j, matchJ));
    if (matchI < reference.length) result.push(lines[matchI]!);
    j = matchJ + 1;
  }
  return result.join('\n');
}

/** A value on one line, as content/site.json writes its short lists and rows: `{ "days": "Samedi", … }`. */
const oneLine = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(oneLine).join(', ')}]`
    : isPlainObject(value)
      ? `{ ${Object.entries(value)
          .map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`)
          .join(', ')} }`
      : JSON.stringify(value);

/**
 * A list written on one line, or one item a line (the hours of site.json), that gained or lost items:
 * written again in that layout, its unchanged items as they were, so that an added row is one line.
 * Undefined for any other layout.
 */
function listInItsLayout(text: string, path: (string | number)[], before: unknown[], after: unknown[]) {
  const node = findNodeAtLocation(parseTree(text)!, path);
  if (node?.type !== 'array') return undefined;
  const [start, end] = [node.offset, node.offset + node.length];
  const replace = (written: string) => text.slice(0, start) + written + text.slice(end);
  if (!text.slice(start, end).includes('\n')) return replace(oneLine(after));
  const items = node.children ?? [];
  const lineStart = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
  const indentOf = (offset: number) => text.slice(lineStart(offset), offset);
  const alone = (offset: number, length: number) =>
    !indentOf(offset).trim() && !text.slice(offset, offset + length).includes('\n');
  if (!items.length || !items.every((item) => alone(item.offset, item.length)) || indentOf(end - 1).trim())
    return undefined;
  const kept = new Map(
    before.map((item, index) => [
      canonical(item),
      text.slice(items[index]!.offset, items[index]!.offset + items[index]!.length),
    ]),
  );
  const indent = indentOf(items[0]!.offset);
  const lines = after.map((item) => indent + (kept.get(canonical(item)) ?? oneLine(item)));
  return replace(`[\n${lines.join(',\n')}\n${indentOf(end - 1)}]`);
}

/** A JSON text holding `value`, edited only where a value changed; `source` itself when nothing did. */
export function keepJsonLayout(source: string, value: unknown): string {
  let text = source;
  const walk = (before: unknown, after: unknown, path: (string | number)[]) => {
    if (same(before, after)) return;
    if (isPlainObject(before) && isPlainObject(after)) {
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
        walk(before[key], after[key], [...path, key]);
      return;
    }
    // A list of the same length: item by item, so that one edited row is one line.
    if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
      return before.forEach((item, index) => walk(item, after[index], [...path, index]));
    const listed = Array.isArray(before) && Array.isArray(after) && listInItsLayout(text, path, before, after);
    // Else a new or removed value, a list in another layout: written whole at its place, in the file's indentation.
    text =
      listed || applyEdits(text, modify(text, path, after, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  };
  walk(parseJson(source), value, []);
  return text;
}
