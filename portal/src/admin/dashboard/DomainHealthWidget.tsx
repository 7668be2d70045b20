import { HTMLSelect, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { DomainHealth } from '@ideamine/shared/contract/dashboard-insights';
import { formatCount, formatPercent, retryCountIntent, successRateIntent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { fetchDashboard } from './queries';
import { TopNSelect } from './TopNSelect';
import { TableScroll } from '../../features/common/TableScroll';

const SAMPLE: DomainHealth = {
  domains: [
    { domain: 'sample.example', success_rate: 75, error_types: [], retry_count: 6, has_persistent_issues: true },
  ],
};

/** Spec s2: persistent-issue domains first, then the lowest success rate. */
export function orderDomains(domains: DomainHealth['domains']): DomainHealth['domains'] {
  return [...domains].sort(
    (a, b) => Number(b.has_persistent_issues) - Number(a.has_persistent_issues) || a.success_rate - b.success_rate,
  );
}

export function DomainHealthWidget() {
  const { client } = useAuth();
  const [limit, setLimit] = useState(5);
  const [issuesOnly, setIssuesOnly] = useState(false);
  const widget = useWidgetData({
    name: 'domain health',
    queryKey: ['admin', 'domain-health', limit, issuesOnly],
    queryFn: () =>
      fetchDashboard<DomainHealth>(client, 'domain-health', { limit: String(limit), issues_only: String(issuesOnly) }),
    sample: SAMPLE,
  });
  return (
    <Widget
      title="Domain Health Monitor"
      widget={widget}
      isEmpty={(d) => d.domains.length === 0}
      empty="No domain health data available"
      actions={
        <>
          <HTMLSelect
            aria-label="Domains"
            value={issuesOnly ? 'issues' : 'all'}
            onChange={(e) => setIssuesOnly(e.currentTarget.value === 'issues')}
          >
            <option value="all">All Domains</option>
            <option value="issues">With Issues</option>
          </HTMLSelect>
          <TopNSelect value={limit} onChange={setLimit} />
        </>
      }
    >
      {(d) => (
        <TableScroll label="Domain health">
          <HTMLTable compact striped className="im-fill">
            <thead>
              <tr>
                <th>Domain</th>
                <th>Success</th>
                <th>Errors</th>
                <th>Retries</th>
              </tr>
            </thead>
            <tbody>
              {orderDomains(d.domains).map((row) => (
                <tr key={row.domain}>
                  <td>
                    {row.has_persistent_issues && (
                      <Icon icon="warning-sign" intent="danger" title="Persistent issues" />
                    )}{' '}
                    {row.domain}
                  </td>
                  <td>
                    <Tag minimal intent={successRateIntent(row.success_rate)}>
                      {formatPercent(row.success_rate)}
                    </Tag>
                  </td>
                  <td className="im-muted">
                    {row.error_types.length === 0
                      ? 'No errors recorded'
                      : row.error_types.map((e) => `${e.type} ${formatCount(e.count)}`).join(', ')}
                  </td>
                  <td>
                    <Tag minimal round intent={retryCountIntent(row.retry_count)}>
                      {formatCount(row.retry_count)}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </Widget>
  );
}
