/**
 * The blog list filter (SPEC.md section 2 "Blog list", section 5 "Blog filtering"). The cards are
 * plain HTML from the build; this island reads ?search, ?category and ?tag, keeps ?search in step
 * with the box, fetches the compact search index the first time a filter is active, and hides the
 * cards that do not match.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  canonicalFilters,
  filterPosts,
  hasActiveFilters,
  resultCount,
  type BlogFilters,
} from '../../core/blog/filter.ts';
import { loadSearchIndex, readFilters, writeFilters, showOnly, type IndexedPost } from './blog-list.ts';
import { texts } from './texts.ts';

export interface BlogFilterProps {
  indexUrl: string;
}

export default function BlogFilter({ indexUrl }: BlogFilterProps) {
  const [filters, setFilters] = useState<BlogFilters>({});
  const [index, setIndex] = useState<IndexedPost[] | null>(null);
  const [failed, setFailed] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const active = hasActiveFilters(filters);

  const update = (next: BlogFilters) => {
    setFilters(next);
    writeFilters(next);
  };

  // The URL is the source of truth on arrival and on back/forward; text typed before the island
  // hydrated is kept (the box is usable as plain HTML from the first paint).
  useEffect(() => {
    const sync = () => setFilters(readFilters(location.search));
    const fromUrl = readFilters(location.search);
    const typedEarly = input.current?.value;
    if (typedEarly) update({ ...fromUrl, search: typedEarly });
    else setFilters(fromUrl);
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    if (!active || index) return;
    loadSearchIndex(indexUrl).then(setIndex, (error) => {
      console.error('Index de recherche du blog indisponible :', error);
      setFailed(true);
    });
  }, [active, index, indexUrl]);

  // What the address says, in the posts' own spelling once the index is here (?category=gestion → Gestion).
  const shown = index ? canonicalFilters(filters, index) : filters;
  const matches = active && index ? filterPosts(index, shown) : null;
  useEffect(() => showOnly(matches ? new Set(matches.map((post) => post.slug)) : null), [matches]);

  const clearAll = () => {
    update({});
    input.current?.focus();
  };

  return (
    <div className="blog-filter">
      <form role="search" className="blog-filter__form" action="/blog" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="blog-filter__label">
          {texts.searchLabel}
        </label>
        <div className="blog-filter__field">
          <input
            ref={input}
            id={inputId}
            type="search"
            name="search"
            value={filters.search ?? ''}
            placeholder={texts.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => update({ ...filters, search: event.target.value })}
          />
          {filters.search ? (
            <button
              type="button"
              className="blog-filter__clear"
              aria-label={texts.clearSearch}
              onClick={() => {
                update({ ...filters, search: '' });
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
        <div className="blog-filter__active">
          <ul className="cluster cluster--sm" role="list" aria-label={texts.activeFilters}>
            {filters.category ? (
              <li>
                <button
                  type="button"
                  className="filter-badge"
                  onClick={() => update({ ...filters, category: undefined })}
                >
                  {texts.category}
                  {'\u00A0'}: {shown.category} <span aria-hidden="true">×</span>
                  <span className="visually-hidden"> ({texts.remove})</span>
                </button>
              </li>
            ) : null}
            {filters.tag ? (
              <li>
                <button type="button" className="filter-badge" onClick={() => update({ ...filters, tag: undefined })}>
                  {texts.tag}
                  {'\u00A0'}: {shown.tag} <span aria-hidden="true">×</span>
                  <span className="visually-hidden"> ({texts.remove})</span>
                </button>
              </li>
            ) : null}
          </ul>
          <button type="button" className="button button--ghost blog-filter__clear-all" onClick={clearAll}>
            {texts.clearAll}
          </button>
        </div>
      ) : null}
      <p className="blog-filter__count" role="status">
        {failed ? texts.indexFailed : matches ? resultCount(matches.length) : active ? texts.searching : null}
      </p>
      {matches && matches.length === 0 ? (
        <div className="blog-filter__empty">
          <p className="blog-filter__empty-title">{texts.noResult}</p>
          <button type="button" className="button button--secondary" onClick={clearAll}>
            {texts.showAll}
          </button>
        </div>
      ) : null}
    </div>
  );
}
