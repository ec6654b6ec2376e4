// The large search field of the home page: submits to /search?q=.
import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'

export function SearchBox({ placeholder = 'Search tools, e.g. React, PostgreSQL, Docker' }: { placeholder?: string }) {
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`)
  }
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2 rounded-2xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
        <label htmlFor="hero-search" className="sr-only">
          Search tools
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id="hero-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            className="h-12 w-full rounded-xl bg-transparent pl-11 pr-3 text-base placeholder:text-slate-400 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          className="h-12 shrink-0 rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Search
        </button>
      </form>
    </search>
  )
}
