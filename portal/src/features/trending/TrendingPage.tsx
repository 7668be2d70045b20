import { H2, HTMLTable, SegmentedControl, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRENDING_TIME_FILTERS, type TrendingTimeFilter } from '@ideamine/shared/limits';
import { formatCount, formatPercent, normaliseTrend } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { trendingQuery } from '../../queries/ideas';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { TREND_ICON, TREND_INTENT } from '../common/trend-look';
import { TableScroll } from '../common/TableScroll';

/** Trending keywords of spec s3 for a time window against the window before it. */
export function TrendingPage(props: { timeFilter: TrendingTimeFilter; page: number; path: string }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const query = useQuery(trendingQuery(client, { time_filter: props.timeFilter, page: props.page }));
  return (
    <div>
      <H2>Trending keywords</H2>
      <p className="im-muted">Keywords rising across newly mined ideas, against the window before.</p>
      <SegmentedControl
        className="im-section"
        options={TRENDING_TIME_FILTERS.map((v) => ({ label: v, value: v }))}
        value={props.timeFilter}
        onValueChange={(v) => navigate({ to: props.path, search: { time_filter: v as TrendingTimeFilter } })}
      />
      <QueryState
        query={query}
        isEmpty={(d) => d.items.length === 0}
        emptyMessage="No trending keywords available yet."
      >
        {(data) => (
          <>
            <TableScroll label="Trending keywords">
              <HTMLTable striped interactive className="im-fill">
                <thead>
                  <tr>
                    <th>Keyword</th>
                    <th>Mentions</th>
                    {/* On a phone the change says it: the column would push Trend off the screen. */}
                    <th className="im-phone-hidden-column">Before</th>
                    <th>Change</th>
                    <th>Trend</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((k) => {
                    const trend = normaliseTrend(k.trend);
                    return (
                      <tr key={k.keyword}>
                        <td>
                          <Link to="/search" search={{ q: k.keyword }}>
                            {k.keyword}
                          </Link>
                        </td>
                        <td>{formatCount(k.count)}</td>
                        <td className="im-phone-hidden-column">{formatCount(k.previous_count)}</td>
                        <td>
                          {/* Nothing before: a percentage of zero would read as +100%. */}
                          {k.previous_count === 0 ? 'new' : formatPercent(k.change_percentage, { sign: true })}
                        </td>
                        <td>
                          <Tag intent={TREND_INTENT[trend]} icon={TREND_ICON[trend]} minimal title={trend}>
                            {/* On a phone the arrow says it, and the word stays for screen readers. */}
                            <span className="im-phone-hidden-text">{trend}</span>
                          </Tag>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            </TableScroll>
            <Pager
              pagination={data.pagination}
              unit={['keyword', 'keywords']}
              onPage={(page) => navigate({ to: props.path, search: { time_filter: props.timeFilter, page } })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
