/**
 * The alternative text stays with its image (docs/decisions/0071-editors-see-status-and-refusals.md): an
 * article's « Texte alternatif de l’image » offers, when the image was already described somewhere in the
 * site (another article's cover, an image in a text, a page's screenshot), that description, to take
 * with one click or to rewrite. What the site already says is the memory: nothing is stored beside it.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { store } from 'decap-cms-core/dist/esm/redux/index.js';
import { readRepository } from '../repository.ts';

type Props = Record<string, unknown> & {
  field: { get(key: string): unknown };
  value?: unknown;
  onChange(value: unknown): void;
};

/** The form's value of `name` now (Decap redraws a field only when its own value changes). */
const formValue = (name: string) =>
  (store.getState() as { entryDraft?: { getIn(path: string[]): unknown } }).entryDraft?.getIn(['entry', 'data', name]);

/** The field that describes the image of the field beside it. */
const describes: Record<string, string> = { imageAlt: 'image' };

/** Every image address of the site with the words that describe it, read once per session. */
let known: Promise<Map<string, string>> | undefined;
function descriptions(): Promise<Map<string, string>> {
  known ??= readRepository().then(({ files, bodies }) => {
    const found = new Map<string, string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (!value || typeof value !== 'object') return;
      const data = value as Record<string, unknown>;
      if (typeof data.image === 'string' && typeof data.imageAlt === 'string') found.set(data.image, data.imageAlt);
      if (typeof data.src === 'string' && typeof data.alt === 'string' && data.alt) found.set(data.src, data.alt);
      Object.values(data).forEach(visit);
    };
    for (const read of files.values()) if ('data' in read) visit(read.data);
    for (const body of bodies.values())
      for (const [, alt, src] of body.matchAll(/!\[([^\]]+)\]\((\S+?)(?:\s+"[^"]*")?\)/g)) found.set(src!, alt!);
    return found;
  });
  return known;
}

export function altTextControl(control: ComponentType<Props>): ComponentType<Props> {
  return function AltTextControl(props: Props) {
    const [offered, setOffered] = useState<string>();
    const image = describes[String(props.field.get('name'))];
    const [address, setAddress] = useState(() => (image ? formValue(image) : undefined));
    useEffect(() => (image ? store.subscribe(() => setAddress(formValue(image))) : undefined), [image]);
    useEffect(() => {
      let live = true;
      if (typeof address === 'string' && address)
        void descriptions().then((found) => live && setOffered(found.get(address)));
      else setOffered(undefined);
      return () => {
        live = false;
      };
    }, [address]);
    const field = createElement(control, props);
    if (!offered || offered === props.value) return field;
    return createElement(
      'div',
      null,
      field,
      createElement(
        'p',
        { className: 'alt-offer' },
        `Cette image est déjà décrite ainsi\u00A0: «\u00A0${offered}\u00A0». `,
        createElement('button', { type: 'button', onClick: () => props.onChange(offered) }, 'Reprendre ce texte'),
      ),
    );
  };
}
