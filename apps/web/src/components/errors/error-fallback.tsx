import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../ui/button.tsx';

function reloadPage() {
  window.location.reload();
}

/** What replaces the screen when rendering fails (SPEC.md section 2). */
export function ErrorFallback() {
  return (
    <main className="flex min-h-[60vh] items-center justify-center p-6">
      <div role="alert" className="max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <AlertTriangle aria-hidden="true" className="mx-auto size-10 text-red-600" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">
          We&apos;re sorry, but something unexpected happened. Please try refreshing the page.
        </p>
        <Button className="mt-6" onClick={reloadPage}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh Page
        </Button>
      </div>
    </main>
  );
}
