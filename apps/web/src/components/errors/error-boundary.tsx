import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorFallback } from './error-fallback.tsx';

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { hasError: boolean };

/**
 * Catches render failures outside the router (providers, the router itself). Failures inside a
 * route are caught by the router's errorElement, which shows the same ErrorFallback.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('PropGuard render failure', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}
