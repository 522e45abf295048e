import { useState } from 'react';
import { FileText, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ValuationResult } from '@propguard/schemas';
import { buildReportPath } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useGenerateReport } from '../api/reports.ts';

type GenerateReportButtonProps = {
  /** The valuation on screen: the report is built from that same analysis (its subject) and refused if its figures differ. */
  valuation: Pick<ValuationResult, 'subject' | 'estimate' | 'asAt' | 'model'>;
};

/** The dashboard's generate action: a full valuation report of the analysis on screen, then its page. A failure stays until dismissed. */
export function GenerateReportButton({ valuation }: GenerateReportButtonProps) {
  const navigate = useNavigate();
  const generate = useGenerateReport();
  const [failure, setFailure] = useState<string | null>(null);

  function onGenerate() {
    setFailure(null);
    generate.mutate(
      {
        subject: valuation.subject,
        expected: { estimate: valuation.estimate, as_at: valuation.asAt, model_id: valuation.model.id },
        template: 'full-valuation',
      },
      {
        onSuccess: (data) => {
          toast.success('Report Generated');
          void navigate(buildReportPath(data.report.report_id));
        },
        onError: (error) => setFailure(error.message || 'Unable to generate report. Please try again.'),
      },
    );
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={onGenerate} disabled={generate.isPending}>
        <FileText aria-hidden="true" className="size-4" />
        {generate.isPending ? 'Generating Report...' : 'Generate Valuation Report'}
      </Button>
      {failure ? (
        <div role="alert" className="flex max-w-xl items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="min-w-0 break-words">
            <span className="font-semibold">Report Generation Failed: </span>
            {failure}
          </p>
          <button type="button" className="shrink-0 rounded p-0.5 hover:bg-red-100" aria-label="Dismiss the report error" onClick={() => setFailure(null)}>
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
