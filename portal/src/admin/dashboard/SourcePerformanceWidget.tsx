import { HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { SourcePerformance, SourceSort } from '@ideamine/shared/contract/dashboard-insights';
import { averageProfitIntent, formatCount, formatNumber, formatPercent, normaliseTrend } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { fetchDashboard } from './queries';
import { TopNSelect } from './TopNSelect';
import { TableScroll } from '../../features/common/TableScroll';

const COLUMNS: [SourceSort, string][] = [
  ['domain', 'Domain'],
  ['data_volume', 'Data volume'],
  ['knowledge_extraction_rate', 'Extraction rate'],
  ['idea_generation_rate', 'Idea rate'],
  ['avg_profit_potential', 'Avg profit'],
];

const SAMPLE: SourcePerformance = {
  sources: [
    {
      domain: 'sample.example',
      data_volume: 100,
      knowledge_extraction_rate: 80,
      idea_generation_rate: 60,
      avg_profit_potential: 6,
      trend: 'stable',
    },
  ],
};

/** Source performance (spec s2): Top 5 by default, sorted by data volume; every column sorts. */
export function SourcePerformanceWidget() {
  const { client } = useAuth();
  const [limit, setLimit] = useState(5);
  const [sort, setSort] = useState<SourceSort>('data_volume');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const widget = useWidgetData({
    name: 'source performance',
    queryKey: ['admin', 'source-performance', limit, sort, order],
    queryFn: () =>
      fetchDashboard<SourcePerformance>(client, 'source-performance', { limit: String(limit), sort, order }),
    sample: SAMPLE,
  });
  const sortBy = (column: SourceSort) => {
    if (column === sort) setOrder(order === 'desc' ? 'asc' : 'desc');
    else {
      setSort(column);
      setOrder(column === 'domain' ? 'asc' : 'desc');
    }
  };
  return (
    <Widget
      title="Source Performance"
      widget={widget}
      isEmpty={(d) => d.sources.length === 0}
      empty="No source performance data available"
      actions={<TopNSelect value={limit} onChange={setLimit} />}
    >
      {(d) => (
        <TableScroll label="Source performance">
          <HTMLTable compact striped className="im-fill">
            <thead>
              <tr>
                {COLUMNS.map(([column, label]) => (
                  <th
                    key={column}
                    aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="im-sort-button" onClick={() => sortBy(column)}>
                      {label}{' '}
                      {sort === column && <Icon icon={order === 'asc' ? 'chevron-up' : 'chevron-down'} size={12} />}
                    </button>
                  </th>
                ))}
                <th>Trend</th>
              </tr>
            </thead>
            <tbody>
              {d.sources.map((s) => (
                <tr key={s.domain}>
                  <td>{s.domain}</td>
                  <td>{formatCount(s.data_volume)}</td>
                  <td>{formatPercent(s.knowledge_extraction_rate)}</td>
                  <td>{formatPercent(s.idea_generation_rate)}</td>
                  <td>
                    <Tag minimal intent={averageProfitIntent(s.avg_profit_potential)}>
                      {formatNumber(s.avg_profit_potential, { decimals: 1 })} / 10
                    </Tag>
                  </td>
                  <td>{normaliseTrend(s.trend)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </Widget>
  );
}
