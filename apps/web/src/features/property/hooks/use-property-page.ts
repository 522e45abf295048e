import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buildReportPath } from '../../../app/paths.ts';
import { isNotFoundError } from '../../../lib/api-client.ts';
import { useProperty } from '../api/get-property.ts';
import { useGenerateValuationReport } from '../api/generate-valuation-report.ts';

/** The listing, its load-failure toast (SPEC.md section 8) and report generation. */
export function usePropertyPage(listingId: string) {
  const navigate = useNavigate();
  const property = useProperty(listingId);
  const report = useGenerateValuationReport({
    onSuccess: (data) => {
      toast.success('Report Generated');
      void navigate(buildReportPath(data.report.report_id));
    },
    // The reason stays on screen until dismissed.
    onError: (error) => {
      toast.error('Report Generation Failed', { description: error.message || 'Unable to generate report. Please try again.', duration: 12_000, closeButton: true });
    },
  });

  // A listing that does not exist is an answer (the page says so); any other failure gets a toast.
  const { error } = property;
  useEffect(() => {
    if (error && !isNotFoundError(error)) {
      toast.error('Error Loading Property', { description: 'Unable to load property details. Please try again.' });
    }
  }, [error]);

  return { property, generateReport: () => report.mutate(listingId), isGeneratingReport: report.isPending };
}
