import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioCreatedResponse, PortfolioMapping, PortfolioValidationReport } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** Uploads can be large (up to 50 MB): more time than the default request. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Fields left out are matched by name on the server. */
export type PortfolioUpload = { csv: string; name: string; mapping: Partial<PortfolioMapping> };

function uploadQuery(upload: Pick<PortfolioUpload, 'name' | 'mapping'>): string {
  const query = new URLSearchParams();
  if (upload.name.trim() !== '') query.set('name', upload.name.trim());
  if (Object.keys(upload.mapping).length > 0) query.set('mapping', JSON.stringify(upload.mapping));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** POST /api/portfolios/validate: the check of a CSV (mapping, row errors, preview) without storing it. */
export async function validatePortfolio(upload: Omit<PortfolioUpload, 'name'>): Promise<PortfolioValidationReport> {
  const answer = await requestApi<{ validation: PortfolioValidationReport }>(`/portfolios/validate${uploadQuery({ name: '', mapping: upload.mapping })}`, {
    method: 'POST',
    rawBody: { content: upload.csv, contentType: 'text/csv' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return answer.validation;
}

export function useValidatePortfolio() {
  return useMutation({ mutationKey: ['portfolios', 'validate'], mutationFn: validatePortfolio });
}

/** POST /api/portfolios: stores the loan book and queues its revaluation (202 with the job). */
export function createPortfolio(upload: PortfolioUpload): Promise<PortfolioCreatedResponse> {
  return requestApi<PortfolioCreatedResponse>(`/portfolios${uploadQuery(upload)}`, {
    method: 'POST',
    rawBody: { content: upload.csv, contentType: 'text/csv' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

export function useCreatePortfolio(onCreated: (portfolioId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['portfolios', 'create'],
    mutationFn: createPortfolio,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['portfolios', 'list'] });
      onCreated(answer.portfolio.id);
    },
  });
}
