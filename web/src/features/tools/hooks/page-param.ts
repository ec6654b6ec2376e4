/** The ?page= of a paged list: a whole number from 1, anything else is page 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1')
  return Number.isInteger(page) && page >= 1 ? page : 1
}
