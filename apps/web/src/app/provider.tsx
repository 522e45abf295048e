import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** How long a toast stays before it dismisses itself. */
const TOAST_DURATION_MS = 6_000;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* One corner, below the content and never over the header's links; each toast dismisses itself (issue 34). */}
        <Toaster position="bottom-right" richColors closeButton duration={TOAST_DURATION_MS} visibleToasts={3} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
