// GET /api/v1/layers: layers, their categories and how many tools each holds (home page, directory sidebar).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LayersResponse } from '#contracts/tools.ts'
import { apiFetch } from './api.ts'

export const layersQuery = queryOptions({
  queryKey: ['layers'],
  queryFn: ({ signal }) => apiFetch<LayersResponse>('/api/v1/layers', { signal }),
  staleTime: 10 * 60_000,
})

export function useLayers() {
  return useQuery(layersQuery)
}
