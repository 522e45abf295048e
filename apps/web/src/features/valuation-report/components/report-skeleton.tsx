import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function ReportSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading report" className="space-y-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
