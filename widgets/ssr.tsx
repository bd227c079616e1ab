/**
 * Build-time render of the islands (handed to site/ by eleventy.config.js, the composition root). It reads
 * the same registry as the browser and the embed (runtime/registry.ts); the views load once, before the
 * build renders its first page, so that each render is synchronous.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicConfig } from '../core/common/config.ts';
import type { HydrationMoment } from '../core/common/islands.ts';
import { setConfig } from './runtime/config.ts';
import { islands, isIslandName, type Island } from './runtime/registry.ts';

export interface IslandRenderer {
  /** Every island's name (a page may only place these). */
  names: readonly string[];
  /** The moment a placeholder gets when its template names none. */
  defaultMoment(name: string): HydrationMoment;
  /** The island's HTML for these props (empty for an island without a view, such as analytics). */
  render(name: string, props: Record<string, unknown>, config: PublicConfig): string;
}

export async function islandRenderer(): Promise<IslandRenderer> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; they arrive as parsed JSON
  const views = new Map<string, ComponentType<any>>();
  for (const [name, island] of Object.entries(islands) as [string, Island][])
    if (island.view) views.set(name, (await island.view()).default);
  const known = (name: string) => {
    if (!isIslandName(name))
      throw new Error(`Widget inconnu « ${name} » (connus : ${Object.keys(islands).join(', ')})`);
    return islands[name] as Island;
  };
  return {
    names: Object.keys(islands),
    defaultMoment: (name) => known(name).hydrate,
    render(name, props, config) {
      known(name);
      const view = views.get(name);
      if (!view) return '';
      setConfig(config);
      return renderToString(createElement(view, props));
    },
  };
}
