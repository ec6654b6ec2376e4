import { useSyncExternalStore } from 'react'

/** spec §9: the builder lists its tools one per line when the window is narrower than 700 px. */
export const MULTILINE_BUILDER_BELOW_PX = 700

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}

export function useIsNarrowWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth < MULTILINE_BUILDER_BELOW_PX,
    () => false,
  )
}
