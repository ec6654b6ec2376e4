import { useState } from 'react'

/** The first defined value the hook saw; later values are ignored. */
export function useFirstValue<T>(value: T | undefined): T | undefined {
  const [first, setFirst] = useState<T | undefined>(value)
  if (first === undefined && value !== undefined) {
    setFirst(value)
    return value
  }
  return first
}
