import { useId, useState, type FormEvent } from 'react';
import { BarChart3, Download, FileText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REPORT_TEMPLATE_INFO, REPORT_TEMPLATES, type ReportTemplate } from '@propguard/schemas';
import { buildReportPath } from '../../../app/paths.ts';
import { Button, getButtonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import type { TabItem } from '../../../components/ui/tabs.tsx';
import { formatAud, formatLongDate } from '../../../lib/format.ts';
import { useGenerateReport, useReportAnalytics, useReportLibrary } from '../api/reports.ts';

type ReportSection = 'library' | 'generate' | 'templates' | 'analytics';

const SECTIONS: readonly TabItem<ReportSection>[] = [
  { id: 'library', label: 'Report Library' },
  { id: 'generate', label: 'Generate Report' },
  { id: 'templates', label: 'Templates' },
  { id: 'analytics', label: 'Analytics' },
];

const TEMPLATE_OPTIONS = REPORT_TEMPLATES.map((template) => ({ value: template, label: REPORT_TEMPLATE_INFO[template].title }));

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024).toLocaleString('en-AU')} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ReportLibrary() {
  const library = useReportLibrary();
  if (library.isPending) return <Skeleton className="h-40" />;
  if (library.isError) return <p role="alert" className="text-sm text-red-700">The library could not be loaded: {library.error.message}</p>;
  if (library.data.reports.length === 0) return <Notice>No reports yet. Generate one from a property page, or in Generate Report.</Notice>;
  return (
    // relative: the screen-reader-only texts (absolutely placed) stay inside the scrolling box, not past the page's edge.
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stored reports</caption>
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-1">Title</th><th scope="col">Type</th><th scope="col">Date</th><th scope="col">Status</th>
            <th scope="col" className="text-right">Pages</th><th scope="col" className="text-right">Size</th><th scope="col" className="text-right">Valuation</th><th scope="col"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {library.data.reports.map((report) => (
            <tr key={report.report_id} className="border-t border-slate-100">
              <th scope="row" className="py-2 pr-2 font-medium text-slate-900">{report.property}</th>
              <td className="pr-2">{REPORT_TEMPLATE_INFO[report.template].title}</td>
              <td className="pr-2">{formatLongDate(report.generated_at)}</td>
              <td className="pr-2">{report.status}</td>
              <td className="pr-2 text-right">{report.pdf_pages}</td>
              <td className="pr-2 text-right">{formatSize(report.pdf_bytes)}</td>
              <td className="pr-2 text-right">{formatAud(report.valuation)}</td>
              <td className="whitespace-nowrap text-right">
                <Link to={buildReportPath(report.report_id)} className="mr-3 font-medium text-blue-700 hover:underline" aria-label={`View the report on ${report.property}`}>View</Link>
                <a href={`/api/reports/${report.report_id}/pdf`} download className="mr-3 text-blue-700 hover:underline" aria-label={`Download the PDF of ${report.property}`}>PDF</a>
                <a href={`/api/reports/${report.report_id}/text`} download className="text-blue-700 hover:underline" aria-label={`Download the text of ${report.property}`}>Text</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GenerateReportForm() {
  const id = useId();
  const navigate = useNavigate();
  const [address, setAddress] = useState('');
  const [template, setTemplate] = useState<ReportTemplate>('full-valuation');
  const generate = useGenerateReport();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (address.trim().length < 3) {
      toast.error('Address Required', { description: 'Enter the address of the property to report on.' });
      return;
    }
    generate.mutate({ address: address.trim(), template, include_blockchain: true }, {
      onSuccess: (data) => {
        toast.success('Report Generated');
        void navigate(buildReportPath(data.report.report_id));
      },
      onError: () => toast.error('Report Generation Failed', { description: 'Unable to generate report. Please try again.' }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" aria-label="Generate a report">
      <div className="sm:col-span-2">
        <Field label="Property address" htmlFor={`${id}-address`} hint="A street address, or a suburb with its state and postcode">
          <Input id={`${id}-address`} value={address} onChange={(event) => setAddress(event.target.value)} placeholder="85 Turner St, Abbotsford VIC 3067" />
        </Field>
      </div>
      <Field label="Template" htmlFor={`${id}-template`}>
        <Select id={`${id}-template`} options={TEMPLATE_OPTIONS} value={template} onChange={(event) => setTemplate(event.target.value as ReportTemplate)} />
      </Field>
      <p className="text-sm text-slate-600 sm:col-span-2">{REPORT_TEMPLATE_INFO[template].description}</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={generate.isPending}>
          <FileText aria-hidden="true" className="size-4" />
          {generate.isPending ? 'Generating Report...' : 'Generate Report'}
        </Button>
      </div>
    </form>
  );
}

function TemplateList() {
  return (
    <ul className="grid gap-3 md:grid-cols-3">
      {REPORT_TEMPLATES.map((template) => (
        <li key={template} className="space-y-2 rounded-md border border-slate-200 p-4 text-sm">
          <h3 className="font-semibold text-slate-900">{REPORT_TEMPLATE_INFO[template].title}</h3>
          <p className="text-slate-600">{REPORT_TEMPLATE_INFO[template].description}</p>
          <p className="text-xs text-slate-500">Sections: {REPORT_TEMPLATE_INFO[template].sections.join(', ')}</p>
        </li>
      ))}
    </ul>
  );
}

function ReportAnalyticsView() {
  const analytics = useReportAnalytics();
  if (analytics.isPending) return <Skeleton className="h-24" />;
  if (analytics.isError) return <p role="alert" className="text-sm text-red-700">Analytics could not be loaded: {analytics.error.message}</p>;
  const figures = analytics.data.analytics;
  const tiles = [
    { label: 'Reports generated', value: figures.reports.toLocaleString('en-AU') },
    { label: 'Average generation time', value: figures.average_generation_ms === null ? 'No reports yet' : `${(figures.average_generation_ms / 1000).toFixed(1)} s` },
    { label: 'Model hold-out MdAPE', value: figures.model_holdout ? `${(figures.model_holdout.mdape * 100).toFixed(1)}%` : 'Not available' },
    { label: 'Model hold-out PPE10', value: figures.model_holdout ? `${(figures.model_holdout.ppe10 * 100).toFixed(1)}%` : 'Not available' },
  ];
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-md border border-slate-200 p-4">
            <dt className="text-xs uppercase text-slate-500">{tile.label}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid={`report-analytics-${tile.label}`}>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500">
        Counted from the stored reports{figures.model_holdout ? `; accuracy: ${figures.model_holdout.note}, model ${figures.model_holdout.model_id}` : ''}.
        {Object.keys(figures.by_template).length > 0 ? ` By template: ${Object.entries(figures.by_template).map(([template, total]) => `${REPORT_TEMPLATE_INFO[template as ReportTemplate]?.title ?? template} ${total}`).join(', ')}.` : ''}
      </p>
    </div>
  );
}

/** The Reports tab with its four sections (SPEC.md section 2), on the stored reports. */
export function ReportCentre() {
  const [section, setSection] = useState<ReportSection>('library');
  return (
    <Card>
      <CardHeader
        level={2}
        title="Report Centre"
        description="Valuation, climate-risk and lending reports, stored as issued with their SHA-256."
        icon={<FileText aria-hidden="true" className="size-5 text-blue-600" />}
        action={<a className={getButtonClasses('ghost', 'sm')} href="/api/reports?limit=100" target="_blank" rel="noreferrer"><Download aria-hidden="true" className="size-4" />JSON</a>}
      />
      <CardContent className="space-y-4">
        <TabList label="Report sections" idBase="reports" tabs={SECTIONS} value={section} onValueChange={setSection} />
        <TabPanel idBase="reports" tabId={section}>
          {section === 'library' ? <ReportLibrary /> : null}
          {section === 'generate' ? <GenerateReportForm /> : null}
          {section === 'templates' ? <TemplateList /> : null}
          {section === 'analytics' ? (
            <div className="space-y-2">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900"><BarChart3 aria-hidden="true" className="size-4" />Analytics</h3>
              <ReportAnalyticsView />
            </div>
          ) : null}
        </TabPanel>
      </CardContent>
    </Card>
  );
}
