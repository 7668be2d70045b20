import { Callout, Card, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import type { LlmCall } from '@ideamine/shared/contract/llm-monitoring';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { useTheme } from '../../layout/ThemeProvider';
import { fetchLlmCalls, fetchLlmModel, llmKeys, PERIODS } from '../api/llm-monitoring';
import { SeriesChart } from '../charts/SeriesChart';
import { AdminPage } from '../common/AdminPage';
import { useScreenParams, useSearchState } from '../common/screen';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { formatCost, LlmStatCards } from './LlmStats';
import { PeriodPicker } from './PeriodPicker';
import { seriesLabels } from './series-labels';

// /admin/llm-monitoring/models/{modelName}: one model's figures for the period, its newest
// errors, and every call it made (newest first, all time) in a dense table.

const searchSchema = z.object({ period: z.enum(PERIODS).catch('7d').default('7d') });

const STATUS_INTENT = { ok: 'success', error: 'danger', skipped: 'none' } as const;

const CALL_COLUMNS: DataColumn<LlmCall>[] = [
  { id: 'created_at', name: 'When', width: 160, text: (c) => formatTimestamp(c.created_at) },
  { id: 'provider', name: 'Provider', width: 90, text: (c) => c.provider },
  { id: 'purpose', name: 'Purpose', width: 110, text: (c) => c.purpose },
  {
    id: 'status',
    name: 'Status',
    width: 80,
    text: (c) => c.status,
    render: (c) => (
      <Tag minimal intent={STATUS_INTENT[c.status]}>
        {c.status}
      </Tag>
    ),
  },
  { id: 'latency_ms', name: 'Latency ms', width: 100, text: (c) => formatCount(c.latency_ms) },
  { id: 'total_tokens', name: 'Tokens', width: 90, text: (c) => formatCount(c.total_tokens) },
  { id: 'cost_usd', name: 'Cost', width: 90, text: (c) => formatCost(c.cost_usd) },
  {
    id: 'knowledge_id',
    name: 'Idea',
    width: 80,
    text: (c) => (c.knowledge_id === null ? '' : String(c.knowledge_id)),
    render: (c) =>
      c.knowledge_id === null ? (
        ''
      ) : (
        <Link to="/admin/knowledge/$id" params={{ id: String(c.knowledge_id) }}>
          {c.knowledge_id}
        </Link>
      ),
  },
  { id: 'error', name: 'Error', width: 320, text: (c) => c.error ?? '' },
];

export function LlmModelPage() {
  const { client } = useAuth();
  const { dark } = useTheme();
  const model = useScreenParams().modelName ?? '';
  const [search, setSearch] = useSearchState(searchSchema);
  const detail = useQuery({
    queryKey: llmKeys.model(model, search.period),
    queryFn: () => fetchLlmModel(client, model, search.period),
    enabled: model !== '',
  });
  const calls = useRemoteRows({
    queryKey: llmKeys.calls(model),
    fetchPage: (page, size) => fetchLlmCalls(client, model, page, size),
  });
  return (
    <AdminPage
      title={`Model ${model}`}
      actions={
        <>
          <ButtonLink to="/admin/llm-monitoring" icon="arrow-left" text="All models" variant="minimal" />
          <PeriodPicker periods={PERIODS} value={search.period} onChange={(period) => setSearch({ period })} />
        </>
      }
    >
      <QueryState query={detail} errorFallback="Failed to fetch the model">
        {(data) => (
          <>
            <p className="im-muted">Providers: {data.providers.join(', ') || 'none yet'}</p>
            <LlmStatCards stats={data.stats} />
            <Card className="im-section">
              <SeriesChart
                title={data.granularity === 'hour' ? 'Calls per hour' : 'Calls per day'}
                labels={seriesLabels(data.series, data.granularity)}
                axisNames={['Calls', 'Tokens']}
                dark={dark}
                series={[
                  { name: 'Calls', kind: 'bar', color: '#2d72d2', data: data.series.map((p) => p.calls) },
                  { name: 'Errors', kind: 'bar', color: '#cd4246', data: data.series.map((p) => p.errors) },
                  {
                    name: 'Tokens',
                    kind: 'line',
                    color: '#7961db',
                    axis: 1,
                    data: data.series.map((p) => p.total_tokens),
                  },
                ]}
              />
            </Card>
            <Card className="im-section" role="region" aria-label="Recent errors">
              <H5>Recent errors</H5>
              {data.recent_errors.length === 0 ? (
                <Callout intent="success" icon="tick" compact>
                  No errors recorded
                </Callout>
              ) : (
                <HTMLTable compact striped className="im-fill">
                  <tbody>
                    {data.recent_errors.map((c) => (
                      <tr key={c.id}>
                        <td className="im-muted">{formatTimestamp(c.created_at)}</td>
                        <td>{c.purpose}</td>
                        <td>{c.error}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </Card>
          </>
        )}
      </QueryState>
      <DataTable
        label="Calls"
        columns={CALL_COLUMNS}
        rows={calls}
        rowKey={(c) => c.id}
        unit="calls"
        emptyMessage="This model has made no calls."
        errorFallback="Failed to fetch the model's calls"
      />
    </AdminPage>
  );
}
