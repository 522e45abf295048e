import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ModelCardView, useModelCard } from '../../features/model-card/index.ts';

export function ModelCardRoute() {
  const modelCard = useModelCard();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      {modelCard.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading the model card">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : modelCard.isError ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          The valuation model is not available: {modelCard.error.message}
        </p>
      ) : (
        <ModelCardView model={modelCard.data.model} />
      )}
    </main>
  );
}
