import { useParams } from 'react-router';
import { LoadFailure } from '../../components/errors/load-failure.tsx';
import { loadFailureOf } from '../../lib/api-client.ts';
import { ReportCertificate } from '../../features/blockchain/index.ts';
import { ReportNotFound, ReportSkeleton, ReportView, useReport, useShareReport } from '../../features/valuation-report/index.ts';

function ReportPage({ reportId }: { reportId: string }) {
  const report = useReport(reportId);
  const shareReport = useShareReport();
  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    // 401 (sign in), 403 (no access) and other failures are not "Not Found".
    const failure = loadFailureOf(report.error);
    return failure === 'not-found' ? <ReportNotFound /> : <LoadFailure failure={failure} what="report" message={report.error.message} />;
  }
  if (!report.data.report) return <ReportNotFound />;
  return (
    <div className="space-y-6">
      <ReportView report={report.data.report} onShare={(title) => void shareReport(title)} />
      <ReportCertificate reportId={reportId} />
    </div>
  );
}

export function ReportRoute() {
  const { reportId } = useParams();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      {reportId ? <ReportPage key={reportId} reportId={reportId} /> : <ReportNotFound />}
    </main>
  );
}
