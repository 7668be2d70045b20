import { Card } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { LlmMonitoring } from '@ideamine/shared/contract/llm-monitoring';
import { formatCount, formatPercent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { QueryState } from '../../features/common/QueryState';
import { useTheme } from '../../layout/ThemeProvider';
import { fetchLlmMonitoring, llmKeys, PERIODS } from '../api/llm-monitoring';
import { SeriesChart } from '../charts/SeriesChart';
import { AdminPage } from '../common/AdminPage';
import { useSearchState } from '../common/screen';
import { DataTable, type DataColumn, type SortState } from '../table/DataTable';
import { sortRows } from '../table/local-sort';
import { localRows } from '../table/row-source';
import { formatCost, LlmStatCards } from './LlmStats';
import { PeriodPicker } from './PeriodPicker';
import { seriesLabels } from './series-labels';

// /admin/llm-monitoring: every language-model call of the period, per provider and model, with
// the calls, errors, tokens and cost over time. A model opens its own page with its calls.

type ModelRow = LlmMonitoring['models'][number];

const searchSchema = z.object({ period: z.enum(PERIODS).catch('7d').default('7d') });

const COLUMNS: DataColumn<ModelRow>[] = [
  {
    id: 'model',
    name: 'Model',
    width: 220,
    sortable: true,
    text: (r) => r.model,
    render: (r) => (
      <Link to="/admin/llm-monitoring/models/$modelName" params={{ modelName: r.model }}>
        {r.model}
      </Link>
    ),
  },
  { id: 'provider', name: 'Provider', width: 100, sortable: true, text: (r) => r.provider },
  { id: 'calls', name: 'Calls', width: 90, sortable: true, text: (r) => formatCount(r.calls) },
  { id: 'error_rate', name: 'Error rate', width: 100, sortable: true, text: (r) => formatPercent(r.error_rate) },
  { id: 'total_tokens', name: 'Tokens', width: 110, sortable: true, text: (r) => formatCount(r.total_tokens) },
  {
    id: 'latency_p50_ms',
    name: 'p50 ms',
    width: 90,
    sortable: true,
    text: (r) => formatCount(Math.round(r.latency_p50_ms)),
  },
  {
    id: 'latency_p95_ms',
    name: 'p95 ms',
    width: 90,
    sortable: true,
    text: (r) => formatCount(Math.round(r.latency_p95_ms)),
  },
  { id: 'cost_usd', name: 'Cost', width: 100, sortable: true, text: (r) => formatCost(r.cost_usd) },
];

function ModelsTable(props: { data: LlmMonitoring }) {
  const [sort, setSort] = useState<SortState>({ column: 'calls', order: 'desc' });
  const models = useMemo(
    () => sortRows(props.data.models, sort, (r, c) => r[c as keyof ModelRow] as string | number),
    [props.data.models, sort],
  );
  const rows = localRows(models);
  return (
    <DataTable
      label="Models"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => `${r.provider}/${r.model}`}
      sort={sort}
      onSort={setSort}
      unit="models"
      emptyMessage="No language-model calls in this period."
      height={320}
    />
  );
}

export function LlmMonitoringPage() {
  const { client } = useAuth();
  const { dark } = useTheme();
  const [search, setSearch] = useSearchState(searchSchema);
  const overview = useQuery({
    queryKey: llmKeys.overview(search.period),
    queryFn: () => fetchLlmMonitoring(client, search.period),
  });
  return (
    <AdminPage
      title="LLM monitoring"
      description="Every call to a language model (enrichment, analysis, Idea Storm) with its tokens, latency, status and cost."
      actions={<PeriodPicker periods={PERIODS} value={search.period} onChange={(period) => setSearch({ period })} />}
    >
      <QueryState query={overview} errorFallback="Failed to fetch LLM monitoring">
        {(data) => (
          <>
            <LlmStatCards stats={data.totals} />
            <Card className="im-section">
              <SeriesChart
                title={data.granularity === 'hour' ? 'Calls per hour' : 'Calls per day'}
                labels={seriesLabels(data.series, data.granularity)}
                axisNames={['Calls', 'Cost (USD)']}
                dark={dark}
                series={[
                  { name: 'Calls', kind: 'bar', color: '#2d72d2', data: data.series.map((p) => p.calls) },
                  { name: 'Errors', kind: 'bar', color: '#cd4246', data: data.series.map((p) => p.errors) },
                  {
                    name: 'Cost',
                    kind: 'line',
                    color: '#c87619',
                    axis: 1,
                    decimals: 4,
                    data: data.series.map((p) => p.cost_usd),
                  },
                ]}
              />
            </Card>
            <ModelsTable data={data} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
