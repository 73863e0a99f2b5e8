import type { Ref } from 'react'
import { Form } from 'react-router'
import { MAX_QUERY_LENGTH } from '~/features/search/limits'
import { m } from '~/i18n/paraglide/messages.js'

export function SearchIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
    >
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="M15 15l5 5" />
    </svg>
  )
}

type SearchFormProps = {
  /** The search landmark's name, telling the top bar's box from the page's. */
  name: string
  inputId: string
  /** What was searched for, shown in the box. */
  query: string
  inputRef?: Ref<HTMLInputElement>
  /** The looks that differ where the form stands: extra layout for the form, the label's colour, focus ring, button. */
  formClassName?: string
  labelClassName: string
  focusRing: string
  buttonClassName: string
}

/** The product search form (a GET to /search, so it works without JavaScript): used in the top bar and on /search. */
export function SearchForm({
  name,
  inputId,
  query,
  inputRef,
  formClassName = '',
  labelClassName,
  focusRing,
  buttonClassName,
}: SearchFormProps) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={name}
      className={`${formClassName} flex max-w-2xl items-end gap-2`.trim()}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={inputId} className={labelClassName}>
          {m.search_label()}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          key={query}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={m.search_placeholder()}
          autoComplete="off"
          enterKeyHint="search"
          className={`min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-base ${focusRing}`}
        />
      </div>
      <button type="submit" className={buttonClassName}>
        <SearchIcon className="size-5" />
        {m.search_button()}
      </button>
    </Form>
  )
}
