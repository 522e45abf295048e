import { FileX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { getButtonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';

export function ReportNotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <FileX aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="text-2xl font-semibold text-slate-900">Report Not Found</h1>
        <p className="text-slate-600">This report does not exist, or its link is incomplete.</p>
        <Link to={paths.home} className={getButtonClasses('outline')}>Back to Dashboard</Link>
      </CardContent>
    </Card>
  );
}
