import { SegmentedControl, Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TagActivity } from '@ideamine/shared/contract/dashboard-insights';
import { formatCount, formatPercent, normaliseTrend, sortByTrend, tagChipSize } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { TREND_INTENT } from '../../features/common/trend-look';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { SAMPLE_TAG_ACTIVITY } from './insights-sample-data';
import { fetchDashboard } from './queries';

/** Tag Activity (spec s2, s4, s9): chips to /knowledge?tag=, sorted by volume or trend. */
export function TagActivityWidget() {
  const { client } = useAuth();
  const [sort, setSort] = useState<'volume' | 'trend'>('volume');
  const widget = useWidgetData({
    name: 'tag activity',
    queryKey: ['admin', 'tag-activity'],
    queryFn: () => fetchDashboard<TagActivity>(client, 'tag-activity'),
    sample: SAMPLE_TAG_ACTIVITY,
  });
  return (
    <Widget
      title="Tag Activity"
      widget={widget}
      isEmpty={(d) => d.top_tags.length === 0}
      empty="No tag activity data available"
      actions={
        <SegmentedControl
          size="small"
          options={[
            { label: 'Volume', value: 'volume' },
            { label: 'Trend', value: 'trend' },
          ]}
          value={sort}
          onValueChange={(v) => setSort(v as 'volume' | 'trend')}
        />
      }
    >
      {(d) => {
        const max = Math.max(...d.top_tags.map((t) => t.count));
        const tags = sort === 'trend' ? sortByTrend(d.top_tags) : [...d.top_tags].sort((a, b) => b.count - a.count);
        return (
          <div className="im-chips" aria-label="Tags">
            {tags.map((t) => (
              <Link key={t.tag} to="/knowledge" search={{ tag: t.tag }} className="im-chip-link">
                <Tag
                  round
                  size={tagChipSize(t.count, max) === 'medium' ? 'large' : 'medium'}
                  intent={TREND_INTENT[normaliseTrend(t.trend)]}
                  minimal
                >
                  {t.tag} · {formatCount(t.count)} ({formatPercent(t.change_percentage, { sign: true })})
                </Tag>
              </Link>
            ))}
          </div>
        );
      }}
    </Widget>
  );
}
