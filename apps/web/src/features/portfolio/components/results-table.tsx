import { useId, useState } from 'react';
import { HAZARD_IDS, PORTFOLIO_LVR_BAND_LABELS, PORTFOLIO_LVR_BANDS, RISK_LEVELS, type PortfolioResultsQueryInput, type PortfolioResultRow } from '@propguard/schemas';
import { Button, getButtonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatAud, formatHazardScore, formatPlaceName } from '../../../lib/format.ts';
import { portfolioResultsCsvUrl, usePortfolioResults } from '../api/get-portfolio-results.ts';
import { formatLvr } from '../progress-text.ts';

type SortColumn = NonNullable<PortfolioResultsQueryInput['sort']>;
const PAGE_SIZE = 25;

const COLUMNS: readonly { id: SortColumn | null; label: string; cell: (row: PortfolioResultRow) => string; isNumber?: boolean }[] = [
  { id: 'row', label: 'Row', cell: (row) => String(row.row), isNumber: true },
  { id: 'loan_id', label: 'Loan', cell: (row) => row.loan_id },
  { id: null, label: 'Suburb', cell: (row) => formatPlaceName([row.suburb, row.state].filter(Boolean).join(', ')) },
  { id: 'loan_amount', label: 'Loan amount', cell: (row) => (row.loan_amount === null ? '-' : formatAud(row.loan_amount)), isNumber: true },
  { id: 'estimate', label: 'Valuation', cell: (row) => (row.estimate === null ? '-' : formatAud(row.estimate)), isNumber: true },
  { id: null, label: 'FSD', cell: (row) => (row.fsd_pct == null ? '-' : `${row.fsd_pct.toFixed(1)}%`), isNumber: true },
  { id: 'lvr', label: 'LVR', cell: (row) => formatLvr(row.lvr), isNumber: true },
  { id: 'lvr_2050', label: 'LVR 2050', cell: (row) => formatLvr(row.lvr_2050), isNumber: true },
  { id: 'rwa', label: 'RWA', cell: (row) => (row.rwa === null ? '-' : formatAud(row.rwa)), isNumber: true },
  { id: 'flood', label: 'Flood', cell: (row) => (row.flood === null ? '-' : formatHazardScore(row.flood)), isNumber: true },
  { id: 'fire', label: 'Fire', cell: (row) => (row.fire === null ? '-' : formatHazardScore(row.fire)), isNumber: true },
  { id: null, label: 'Hazard level', cell: (row) => row.hazard_level ?? '-' },
  { id: null, label: 'Error', cell: (row) => row.error ?? '' },
];

/** Per-loan results: sortable by column, filtered by LVR band and hazard level, paged by the server; CSV download. */
export function ResultsTable({ portfolioId, version }: { portfolioId: string; version: number }) {
  const idBase = useId();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortColumn>('row');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [lvrBand, setLvrBand] = useState('');
  const [hazard, setHazard] = useState('');
  const [hazardLevel, setHazardLevel] = useState('');
  const query: PortfolioResultsQueryInput = {
    page,
    pageSize: PAGE_SIZE,
    sort,
    order,
    lvrBand: lvrBand === '' ? undefined : (lvrBand as PortfolioResultsQueryInput['lvrBand']),
    hazard: hazard === '' ? undefined : (hazard as PortfolioResultsQueryInput['hazard']),
    hazardLevel: hazardLevel === '' ? undefined : (hazardLevel as PortfolioResultsQueryInput['hazardLevel']),
  };
  const results = usePortfolioResults(portfolioId, query, version);
  const data = results.data;

  function sortBy(column: SortColumn) {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder('asc');
    }
    setPage(1);
  }
  const filter = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setPage(1);
  };

  return (
    <Card>
      <CardHeader
        level={3}
        title="Results"
        description={data ? `${data.total.toLocaleString('en-AU')} loans match` : undefined}
        action={<a href={portfolioResultsCsvUrl(portfolioId)} download className={getButtonClasses('outline', 'sm')}>Download CSV</a>}
      />
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="LVR band" htmlFor={`${idBase}-band`}>
            <Select id={`${idBase}-band`} value={lvrBand} onChange={filter(setLvrBand)} options={[{ value: '', label: 'All bands' }, ...PORTFOLIO_LVR_BANDS.map((band) => ({ value: band, label: PORTFOLIO_LVR_BAND_LABELS[band] }))]} />
          </Field>
          <Field label="Hazard" htmlFor={`${idBase}-hazard`}>
            <Select id={`${idBase}-hazard`} value={hazard} onChange={filter(setHazard)} options={[{ value: '', label: 'Highest of the six' }, ...HAZARD_IDS.map((id) => ({ value: id, label: id.charAt(0).toUpperCase() + id.slice(1) }))]} />
          </Field>
          <Field label="Hazard level" htmlFor={`${idBase}-level`}>
            <Select id={`${idBase}-level`} value={hazardLevel} onChange={filter(setHazardLevel)} options={[{ value: '', label: 'Any level' }, ...RISK_LEVELS.map((level) => ({ value: level, label: level }))]} />
          </Field>
        </div>
        {results.isError ? <Notice>{`Results could not be loaded: ${results.error.message}`}</Notice> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Per-loan results; column buttons sort</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.label} scope="col" className={`whitespace-nowrap py-2 pr-3 ${column.isNumber ? 'text-right' : ''}`} aria-sort={column.id === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {column.id ? (
                      <button type="button" className="font-medium hover:text-slate-900" onClick={() => sortBy(column.id as SortColumn)}>
                        {column.label}
                        <span aria-hidden="true">{column.id === sort ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    ) : column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(data?.rows ?? []).map((row) => (
                <tr key={row.row} className="border-b border-slate-100">
                  {COLUMNS.map((column) => <td key={column.label} className={`whitespace-nowrap py-1.5 pr-3 ${column.isNumber ? 'text-right tabular-nums' : ''} ${column.label === 'Error' ? 'text-red-700' : ''}`}>{column.cell(row)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.rows.length === 0 ? <p className="py-4 text-sm text-slate-600">No loans match these filters.</p> : null}
        </div>
        {data ? (
          <nav aria-label="Results pages" className="flex items-center justify-between text-sm">
            <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>Previous</Button>
            <span>{`Page ${data.page} of ${Math.max(1, data.pages)}`}</span>
            <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= data.pages}>Next</Button>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
