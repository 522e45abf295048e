import { useId, useState, type DragEvent } from 'react';
import { Upload } from 'lucide-react';
import { PORTFOLIO_INPUT_COLUMNS, PORTFOLIO_OPTIONAL_COLUMNS, type PortfolioField, type PortfolioMapping, type PortfolioValidationReport } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreatePortfolio, useValidatePortfolio } from '../api/upload-portfolio.ts';

const NOT_IN_FILE = '';
const PREVIEW_ROWS = 5;

function MappingSelect({ field, report, onChange }: { field: PortfolioField; report: PortfolioValidationReport; onChange: (field: PortfolioField, column: string) => void }) {
  const id = useId();
  const entry = report.mapping.find((item) => item.field === field);
  const options = [{ value: NOT_IN_FILE, label: '(not in the file)' }, ...report.header.map((column) => ({ value: column, label: column }))];
  return (
    <Field label={`${field}${entry?.isRequired ? ' (required)' : ''}`} htmlFor={id}>
      <Select id={id} value={entry?.source ?? NOT_IN_FILE} options={options} onChange={(event) => onChange(field, event.target.value)} />
    </Field>
  );
}

function Preview({ report }: { report: PortfolioValidationReport }) {
  const rows = report.preview.slice(0, PREVIEW_ROWS);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="mb-1 text-left text-sm font-medium text-slate-700">{`First ${rows.length} of ${report.rows.toLocaleString('en-AU')} rows`}</caption>
        <thead className="border-b border-slate-200 text-slate-600"><tr>{report.header.map((column) => <th key={column} scope="col" className="whitespace-nowrap py-1 pr-3">{column}</th>)}</tr></thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-b border-slate-100">{report.header.map((column) => <td key={column} className="whitespace-nowrap py-1 pr-3">{row[column] ?? ''}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowErrors({ report }: { report: PortfolioValidationReport }) {
  if (report.rowErrorCount === 0) return <p className="text-sm text-green-700">No row errors found.</p>;
  return (
    <section aria-labelledby="portfolio-row-errors" className="space-y-1">
      <h4 id="portfolio-row-errors" className="text-sm font-semibold text-red-800">
        {`${report.rowErrorCount.toLocaleString('en-AU')} row error${report.rowErrorCount === 1 ? '' : 's'} (these loans will run and report their error)`}
      </h4>
      <ul className="max-h-48 space-y-0.5 overflow-y-auto text-sm text-red-800">
        {report.rowErrors.map((error) => <li key={`${error.row}-${error.field}`}>{`Row ${error.row}${error.loan_id ? ` (${error.loan_id})` : ''}: ${error.field}: ${error.message}`}</li>)}
      </ul>
      {report.rowErrorCount > report.rowErrors.length ? <p className="text-xs text-slate-600">{`The first ${report.rowErrors.length} are listed.`}</p> : null}
    </section>
  );
}

/**
 * Loan-book upload: drop or choose a CSV, see the first rows, map columns whose headers differ,
 * read the row errors, then run. The server checks the file (POST /api/portfolios/validate).
 */
export function UploadPanel({ onCreated }: { onCreated: (portfolioId: string) => void }) {
  const fileInputId = useId();
  const nameId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<Partial<PortfolioMapping>>({});
  const [isDragging, setIsDragging] = useState(false);
  const validate = useValidatePortfolio();
  const create = useCreatePortfolio(onCreated);
  const report = validate.data;

  async function readFile(file: File) {
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    setName(file.name.replace(/\.[^.]+$/, ''));
    setMapping({});
    create.reset();
    validate.mutate({ csv: text, mapping: {} });
  }

  function changeMapping(field: PortfolioField, column: string) {
    if (csv === null) return;
    const next = { ...mapping };
    if (column === NOT_IN_FILE) delete next[field];
    else next[field] = column;
    setMapping(next);
    validate.mutate({ csv, mapping: next });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void readFile(file);
  }

  return (
    <Card>
      <CardHeader level={2} title="Upload a loan book" description="A CSV with loan_id, an address (or lat and lng, or suburb and postcode) and loan_amount; the other columns of the loan-book format are optional, unknown columns pass through." />
      <CardContent className="space-y-5">
        <div
          data-testid="portfolio-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          className={cn('flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center', isDragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300')}
        >
          <Upload aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-sm text-slate-700">Drag a CSV file here, or</p>
          <label htmlFor={fileInputId} className="cursor-pointer text-sm font-medium text-blue-700 underline focus-within:ring-2">
            Choose a CSV file
            <input
              id={fileInputId}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void readFile(file);
              }}
            />
          </label>
          {fileName ? <p className="text-xs text-slate-600">{`Selected: ${fileName}`}</p> : null}
        </div>

        {validate.isPending ? <p className="text-sm text-slate-600">Checking the file...</p> : null}
        {validate.isError ? <Notice>{`The file could not be checked: ${validate.error.message}`}</Notice> : null}
        {report ? (
          <div className="space-y-5">
            {report.problems.length > 0 ? (
              <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                <p className="font-semibold">This file cannot run yet:</p>
                <ul className="list-disc pl-5">{report.problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
              </div>
            ) : null}
            {report.preview.length > 0 ? <Preview report={report} /> : null}
            <section aria-labelledby="portfolio-mapping" className="space-y-2">
              <h4 id="portfolio-mapping" className="text-sm font-semibold text-slate-900">Column mapping</h4>
              <p className="text-xs text-slate-600">
                {report.missingColumns.length > 0 ? `Missing: ${report.missingColumns.join(', ')}. Choose the file's column for each.` : 'Every required column is mapped.'}
                {report.unknownColumns.length > 0 ? ` Passed through unchanged: ${report.unknownColumns.join(', ')}.` : ''}
              </p>
              <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {PORTFOLIO_INPUT_COLUMNS.map((field) => <MappingSelect key={field} field={field} report={report} onChange={changeMapping} />)}
              </div>
              <details>
                <summary className="cursor-pointer text-sm text-blue-700">Optional borrower columns</summary>
                <div className="mt-2 grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
                  {PORTFOLIO_OPTIONAL_COLUMNS.map((field) => <MappingSelect key={field} field={field} report={report} onChange={changeMapping} />)}
                </div>
              </details>
            </section>
            <RowErrors report={report} />
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (csv !== null && report.isValid) create.mutate({ csv, name, mapping });
              }}
            >
              <div className="w-72"><Field label="Portfolio name" htmlFor={nameId}><Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} maxLength={200} /></Field></div>
              <Button type="submit" disabled={!report.isValid || create.isPending}>{create.isPending ? 'Starting...' : `Run ${report.rows.toLocaleString('en-AU')} loans`}</Button>
            </form>
            {create.isError ? <Notice>{`The portfolio could not start: ${create.error.message}`}</Notice> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
