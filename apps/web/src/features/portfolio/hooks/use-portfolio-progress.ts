import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isPortfolioFinished, portfolioProgressEventSchema, progressEventOf, type PortfolioProgressEvent, type PortfolioStatus } from '@propguard/schemas';

export type ProgressReading = { event: PortfolioProgressEvent | null; isLive: boolean; isFinished: boolean };

/** The job's status as a progress event, for a job that is already finished when the screen opens. */
export function progressFromStatus(status: PortfolioStatus): PortfolioProgressEvent {
  return progressEventOf(status, status.finishedAt ?? status.createdAt);
}

/**
 * Follows a portfolio job through GET /api/portfolios/{id}/events (Server-Sent Events): every
 * `progress` event, until the `done` one. When it ends, the status, summary and results are read again.
 */
export function usePortfolioProgress(portfolioId: string, status: PortfolioStatus | undefined): ProgressReading {
  const queryClient = useQueryClient();
  const [event, setEvent] = useState<PortfolioProgressEvent | null>(null);
  const [isLive, setIsLive] = useState(false);
  const shouldFollow = status !== undefined && !isPortfolioFinished(status.state);

  useEffect(() => {
    if (!shouldFollow) return undefined;
    const source = new EventSource(`/api/portfolios/${encodeURIComponent(portfolioId)}/events`);
    const read = (message: MessageEvent<string>) => {
      const parsed = portfolioProgressEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success) setEvent(parsed.data);
      return parsed.success ? parsed.data : null;
    };
    source.onopen = () => setIsLive(true);
    source.addEventListener('progress', (message) => read(message as MessageEvent<string>));
    source.addEventListener('done', (message) => {
      read(message as MessageEvent<string>);
      source.close();
      setIsLive(false);
      void queryClient.invalidateQueries({ queryKey: ['portfolios'] });
    });
    source.onerror = () => setIsLive(false);
    return () => source.close();
  }, [portfolioId, shouldFollow, queryClient]);

  if (status && !shouldFollow) return { event: progressFromStatus(status), isLive: false, isFinished: true };
  return { event, isLive, isFinished: event !== null && isPortfolioFinished(event.state) };
}
