// What a step shows while it reads the saved values its form starts from (decision 039).
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'

export function StepLoading({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="space-y-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-10 w-36 justify-self-end" />
    </LoadingRegion>
  )
}
