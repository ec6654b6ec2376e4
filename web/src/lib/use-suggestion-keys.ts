// The keys of every tool picker's search box (Stack Match's and the job form's tool-picker, the stack builder's and
// the onboarding's tool-search): one suggestion is highlighted, the first by default, with the exact name match
// ranked first; Arrow Up and Down move the highlight (which stays on its suggestion as more arrive); Enter picks the
// highlighted one; Escape clears. An Enter pressed before the suggestions for what was typed have arrived waits for
// them, unless an exact match is already listed, so a fast "React" + Enter picks React and not what "Reac" suggested.
import { type KeyboardEvent, useEffect, useId, useState } from 'react'

const sameName = (name: string, query: string) => name.trim().toLowerCase() === query.trim().toLowerCase()

/** The suggestions with the one named exactly as typed (case aside) first; the others keep their order. */
export function rankExactFirst<T extends { name: string }>(items: T[], query: string): T[] {
  const exact = items.findIndex((item) => sameName(item.name, query))
  return exact <= 0 ? items : [items[exact]!, ...items.slice(0, exact), ...items.slice(exact + 1)]
}

export function useSuggestionKeys<T extends { id: number; name: string }>({
  query,
  items,
  isSettled,
  onPick,
  onEscape,
}: {
  query: string
  /** The suggestions shown, ranked (rankExactFirst). */
  items: T[]
  /** The suggestions answer what is typed now (not an earlier query, and no search is under way). */
  isSettled: boolean
  onPick(item: T): void
  onEscape(): void
}) {
  const baseId = useId()
  // the highlighted suggestion, by id, for the text it was chosen under: it stays highlighted when more suggestions
  // arrive, and new text highlights the first again
  const [chosen, setChosen] = useState<{ query: string; id: number } | null>(null)
  const chosenIndex = chosen?.query === query ? items.findIndex((item) => item.id === chosen.id) : -1
  const index = Math.max(0, chosenIndex)
  const [pendingQuery, setPendingQuery] = useState<string | null>(null)

  const isReady = isSettled || (items[0] !== undefined && sameName(items[0].name, query))
  useEffect(() => {
    if (pendingQuery === null) return
    if (pendingQuery !== query) setPendingQuery(null)
    else if (isReady) {
      setPendingQuery(null)
      if (items[0]) onPick(items[0])
    }
  }, [pendingQuery, query, isReady, items, onPick])

  const optionId = (position: number) => `${baseId}-option-${position}`
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setChosen({ query, id: items[(index + step + items.length) % items.length]!.id })
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (!query.trim()) return
      // a suggestion the arrows chose is picked as it is; otherwise the first, once it answers what was typed
      if ((chosenIndex >= 0 || isReady) && items[index]) onPick(items[index])
      else if (!isReady) setPendingQuery(query)
    } else if (event.key === 'Escape') {
      onEscape()
    }
  }
  return {
    /** The highlighted suggestion's position, or -1 when there is none. */
    activeIndex: items.length > 0 ? index : -1,
    optionId,
    onKeyDown,
    /** For the search box: the highlighted suggestion (aria-activedescendant). */
    activeDescendant: items.length > 0 ? optionId(index) : undefined,
  }
}
