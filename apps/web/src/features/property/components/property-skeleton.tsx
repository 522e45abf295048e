import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function PropertySkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading property" className="space-y-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-72 w-full" />
      <Skeleton className="h-8 w-2/3" />
      <div className="grid gap-6 md:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
