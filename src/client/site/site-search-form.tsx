import type { FormEvent, Ref } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_PARAM } from '@/domain/public-pages';
import { SEARCH_MAX_LENGTH, SEARCH_QUERY_PARAM, SEARCH_SEGMENT, searchTexts } from '@/domain/site-search';
import './site-search-form.css';

/** The search page's address for a query: /buscar?q=… */
export const searchHref = (query: string, page = 1): string => {
  const params = new URLSearchParams({ [SEARCH_QUERY_PARAM]: query });
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return `/${SEARCH_SEGMENT}?${params.toString()}`;
};

/**
 * The site's search field: a GET form to /buscar (it works before the app's
 * code has loaded), sent through the router once it has. The field is left to
 * the browser (uncontrolled): what a visitor typed before the app took the page
 * over stays when the app renders the form again.
 */
export function SiteSearchForm({
  id,
  initial = '',
  inputRef,
  className,
  onSearch,
}: {
  id: string;
  initial?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  onSearch?: () => void;
}) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get(SEARCH_QUERY_PARAM);
    void navigate(searchHref(typeof value === 'string' ? value.trim() : ''));
    onSearch?.();
  };
  return (
    <form
      role="search"
      className={`site-search${className ? ` ${className}` : ''}`}
      action={`/${SEARCH_SEGMENT}`}
      method="get"
      onSubmit={submit}
    >
      <label className="visually-hidden" htmlFor={id}>
        {searchTexts.label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="site-search__input"
        type="search"
        name={SEARCH_QUERY_PARAM}
        defaultValue={initial}
        placeholder="Buscar…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH * 2}
      />
      <button type="submit" className="site-search__submit">
        {searchTexts.submit}
      </button>
    </form>
  );
}
