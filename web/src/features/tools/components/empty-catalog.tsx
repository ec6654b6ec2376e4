import { PackageOpen } from 'lucide-react'

/** Shown when no tool is listed yet: the catalog seeds itself on the first start of a fresh install. */
export function EmptyCatalog() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <PackageOpen className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <h3 className="mt-3 font-semibold text-slate-900">The catalog is empty</h3>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        No tools are listed yet. A fresh install fills its catalog on first start; tools submitted by people appear here
        once a moderator approves them.
      </p>
    </div>
  )
}
