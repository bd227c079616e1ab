/**
 * The blog's search island (docs/requirements.md#blog-list, #blog-filtering), above the static list
 * pages. It hydrates when the visitor first uses the box (or at once when the address already filters:
 * core/blog/listing.ts prePaintScript), keeps ?search, ?tag and ?category in the address without
 * touching other parameters, and shows the matching articles of the whole blog, fetched from the split
 * index (widgets/blog/search-index.ts, loaded with the first search). The static list stays for
 * visitors without JavaScript and whenever nothing filters.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { resultCount, SEARCH_INDEX_PATH } from '../../core/blog/listing.ts';
import { highlightCard, readQuery, showListing, writeQuery, type Query } from './search-page.ts';
import { texts } from './texts.ts';
import type * as SearchEngine from './search-index.ts';

export interface BlogSearchProps {
  /** The list page this island sits on: /blog or a category's page. */
  listPath: string;
  /** The category of that page, if any (a filter the static page already applies). */
  category: string | null;
  /** Articles in that category (the count shown before any search). */
  count?: number | null;
}

/** Cards shown per step of « Afficher plus d’articles ». */
const STEP = 12;
/** Typing pause before a search, so each letter does not fetch. */
const DEBOUNCE_MS = 150;

type Engine = typeof SearchEngine;

interface Results {
  total: number;
  docs: number[];
  cards: { slug: string; html: string }[];
  terms: Set<string>;
  tagName?: string;
  categoryName?: string;
}

/** The last search that finished, and for which query (results of an older query stay shown meanwhile). */
interface Outcome {
  key: string;
  results?: Results;
  failed?: boolean;
}

export default function BlogSearch({ listPath, category, count }: BlogSearchProps) {
  const [query, setQuery] = useState<Query>({ search: '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [shown, setShown] = useState(STEP);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const engine = useRef<Promise<{ engine: Engine; index: SearchEngine.SearchIndex }> | undefined>(undefined);

  const filtering = Boolean(query.search.trim() || query.tag || query.category);
  const active = filtering || Boolean(category);
  const key = JSON.stringify([query.search, query.tag, query.category, shown]);

  const load = () => {
    engine.current ??= import('./search-index.ts').then(async (module) => ({
      engine: module,
      index: await module.openSearchIndex(SEARCH_INDEX_PATH),
    }));
    engine.current.catch(() => (engine.current = undefined));
    return engine.current;
  };

  const update = (next: Query) => {
    setQuery(next);
    setShown(STEP);
    writeQuery(next);
  };

  // On arrival and on back/forward the address decides; text typed before hydration is kept.
  useEffect(() => {
    const fromUrl = readQuery(location.search);
    const typedEarly = input.current?.value;
    if (typedEarly && typedEarly !== fromUrl.search) update({ ...fromUrl, search: typedEarly });
    else setQuery(fromUrl);
    // The visitor is about to search: fetch the engine and the manifest now.
    void load().catch(() => undefined);
    const sync = () => setQuery(readQuery(location.search));
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    showListing(!filtering);
    if (!filtering) return;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { engine: module, index } = await load();
        const found = await module.search(index.reader, {
          text: query.search,
          tag: query.tag,
          category: query.category ?? category ?? undefined,
        });
        const terms = new Set(found.terms);
        const cards = (await index.cards(found.docs.slice(0, shown))).map((card) => ({
          slug: card.slug,
          html: highlightCard(card.html, (text) => module.highlight(text, terms)),
        }));
        if (!current) return;
        setOutcome({
          key,
          results: {
            total: found.docs.length,
            docs: found.docs,
            cards,
            terms,
            tagName: found.tag?.entry?.name,
            categoryName: found.category?.entry?.name,
          },
        });
      } catch (error) {
        if (!current) return;
        console.error('Recherche du blog indisponible :', error);
        showListing(true);
        setOutcome({ key, failed: true });
      }
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, query, shown, category, filtering]);

  const clearAll = () => {
    // A category page is a filter of its own: clearing it goes back to the whole blog.
    if (category) return location.assign('/blog');
    update({ search: '' });
    input.current?.focus();
  };
  const removeCategory = () => {
    if (query.category) return update({ ...query, category: undefined });
    const params = new URLSearchParams(location.search);
    params.delete('category');
    const rest = params.toString();
    location.assign(`/blog${rest ? `?${rest}` : ''}`);
  };

  const ready = outcome?.key === key;
  const failed = filtering && ready && outcome?.failed === true;
  const results = filtering ? outcome?.results : undefined;
  const categoryLabel = query.category ? (results?.categoryName ?? query.category) : category;
  const tagLabel = query.tag ? (results?.tagName ?? query.tag) : undefined;
  const status = failed
    ? texts.indexFailed
    : filtering
      ? results && ready
        ? resultCount(results.total)
        : texts.searching
      : category && count != null
        ? resultCount(count)
        : '';

  return (
    <div className="blog-search">
      <form
        role="search"
        className="blog-search__form"
        action={listPath}
        method="get"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={inputId} className="blog-search__label">
          {texts.searchLabel}
        </label>
        <div className="blog-search__field">
          <input
            ref={input}
            id={inputId}
            type="search"
            name="search"
            value={query.search}
            placeholder={texts.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => update({ ...query, search: event.target.value })}
          />
          {query.search ? (
            <button
              type="button"
              className="blog-search__clear"
              aria-label={texts.clearSearch}
              onClick={() => {
                update({ ...query, search: '' });
                input.current?.focus();
              }}
            >
              ×
            </button>
          ) : null}
        </div>
        <button type="submit" className="visually-hidden">
          {texts.submit}
        </button>
      </form>
      {active ? (
        <div className="blog-search__active">
          {categoryLabel || tagLabel ? (
            <ul className="cluster cluster--sm" role="list" aria-label={texts.activeFilters}>
              {categoryLabel ? (
                <li>
                  <button type="button" className="filter-badge" onClick={removeCategory}>
                    {texts.category}
                    {'\u00A0'}: {categoryLabel} <span aria-hidden="true">×</span>
                    <span className="visually-hidden"> ({texts.remove})</span>
                  </button>
                </li>
              ) : null}
              {tagLabel ? (
                <li>
                  <button type="button" className="filter-badge" onClick={() => update({ ...query, tag: undefined })}>
                    {texts.tag}
                    {'\u00A0'}: {tagLabel} <span aria-hidden="true">×</span>
                    <span className="visually-hidden"> ({texts.remove})</span>
                  </button>
                </li>
              ) : null}
            </ul>
          ) : null}
          <button type="button" className="button button--ghost blog-search__clear-all" onClick={clearAll}>
            {texts.clearAll}
          </button>
        </div>
      ) : null}
      <p className="blog-search__count" role="status">
        {status}
      </p>
      {filtering && !failed ? (
        <div className="blog-search__results" aria-busy={!ready}>
          {results && results.total === 0 && ready ? (
            <div className="blog-search__empty">
              <p className="blog-search__empty-title">{texts.noResult}</p>
              <button type="button" className="button button--secondary" onClick={clearAll}>
                {texts.showAll}
              </button>
            </div>
          ) : null}
          {results?.cards.length ? (
            <ul className="grid grid--3" role="list" aria-label={texts.results}>
              {results.cards.map((card) => (
                <li key={card.slug} data-post-slug={card.slug} dangerouslySetInnerHTML={{ __html: card.html }} />
              ))}
            </ul>
          ) : null}
          {results && results.cards.length < results.total ? (
            <p className="center">
              <button type="button" className="button button--secondary" onClick={() => setShown(shown + STEP)}>
                {texts.more}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
