import { FileText } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buildReportPath } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useGenerateReport } from '../api/reports.ts';

type GenerateReportButtonProps = {
  /** The analysed address: the server analyses it afresh and stores the report. */
  address: string;
};

/** The dashboard's generate action: a full valuation report of the analysed address, then its page. */
export function GenerateReportButton({ address }: GenerateReportButtonProps) {
  const navigate = useNavigate();
  const generate = useGenerateReport();

  function onGenerate() {
    generate.mutate(
      { address, template: 'full-valuation' },
      {
        onSuccess: (data) => {
          toast.success('Report Generated');
          void navigate(buildReportPath(data.report.report_id));
        },
        onError: (error) => toast.error('Report Generation Failed', { description: error.message || 'Unable to generate report. Please try again.' }),
      },
    );
  }

  return (
    <Button onClick={onGenerate} disabled={generate.isPending}>
      <FileText aria-hidden="true" className="size-4" />
      {generate.isPending ? 'Generating Report...' : 'Generate Valuation Report'}
    </Button>
  );
}
