/**
 * The site's and the widgets' animations in their stylesheets (docs/decisions/0057-motion-after-interaction.md):
 * every @keyframes moves only transform and opacity, which the compositor runs without painting, and
 * no animation repeats forever except the progress indicators a visitor sees while waiting for something
 * they asked for.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

interface Block {
  prelude: string;
  declarations: [property: string, value: string][];
  children: Block[];
}

/** A small CSS reader: blocks with their prelude, declarations and nested blocks (enough for our files). */
function parse(css: string): Block[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let index = 0;
  const read = (): Block[] => {
    const blocks: Block[] = [];
    let buffer = '';
    while (index < text.length) {
      const char = text[index++]!;
      if (char === '{') {
        const block: Block = { prelude: buffer.trim(), declarations: [], children: [] };
        const inner = read();
        block.children = inner.filter((child) => child.prelude !== '');
        block.declarations = inner.find((child) => child.prelude === '')?.declarations ?? [];
        blocks.push(block);
        buffer = '';
      } else if (char === '}') {
        blocks.push({ prelude: '', declarations: declarations(buffer), children: [] });
        return blocks;
      } else buffer += char;
    }
    return blocks;
  };
  const declarations = (body: string): [string, string][] =>
    body
      .split(';')
      .map((part) => part.trim())
      .filter((part) => /^[-a-z]+\s*:/i.test(part))
      .map((part) => {
        const colon = part.indexOf(':');
        return [part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()];
      });
  return read();
}

function walk(blocks: Block[], visit: (block: Block) => void): void {
  for (const block of blocks) {
    visit(block);
    walk(block.children, visit);
  }
}

const files = [
  ...cssFiles(join(root, 'styles')),
  ...cssFiles(join(root, 'site', 'styles')),
  ...cssFiles(join(root, 'widgets')),
];

describe('animations des feuilles de style', () => {
  it('lit bien les feuilles : il y a des @keyframes à vérifier', () => {
    const names = files.flatMap((file) => {
      const found: string[] = [];
      walk(parse(readFileSync(file, 'utf8')), (block) => {
        if (block.prelude.startsWith('@keyframes')) found.push(block.prelude);
      });
      return found;
    });
    expect(names).toContain('@keyframes shimmer');
    expect(names).toContain('@keyframes assistant-pulse');
  });

  it('chaque @keyframes ne fait bouger que transform et opacity', () => {
    const offending: string[] = [];
    for (const file of files)
      walk(parse(readFileSync(file, 'utf8')), (block) => {
        if (!block.prelude.startsWith('@keyframes')) return;
        for (const frame of block.children)
          for (const [property] of frame.declarations)
            if (property !== 'transform' && property !== 'opacity')
              offending.push(`${relative(root, file)} ${block.prelude} ${frame.prelude} : ${property}`);
      });
    expect(offending).toEqual([]);
  });

  it('aucune animation sans fin, hors les indicateurs d’attente (tiroir de l’assistant)', () => {
    const waiting = new Set(['.assistant-spinner', '.assistant-typing__dot']);
    const endless: string[] = [];
    for (const file of files)
      walk(parse(readFileSync(file, 'utf8')), (block) => {
        for (const [property, value] of block.declarations)
          if ((property === 'animation' || property === 'animation-iteration-count') && /\binfinite\b/.test(value))
            if (!waiting.has(block.prelude))
              endless.push(`${relative(root, file)} ${block.prelude} { ${property}: ${value} }`);
      });
    expect(endless).toEqual([]);
  });
});
