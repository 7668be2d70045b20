import { SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';
import type { ProfitDistribution } from '@ideamine/shared/contract/dashboard-insights';
import { useAuth } from '../../auth/AuthProvider';
import { useTheme } from '../../layout/ThemeProvider';
import { ProfitChart } from '../charts/ProfitChart';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { SAMPLE_PROFIT_DISTRIBUTION } from './insights-sample-data';
import { fetchDashboard } from './queries';

export function ProfitDistributionWidget() {
  const { client } = useAuth();
  const { dark } = useTheme();
  const [kind, setKind] = useState<'pie' | 'bar'>('pie');
  const widget = useWidgetData({
    name: 'profit distribution',
    queryKey: ['admin', 'profit-distribution'],
    queryFn: () => fetchDashboard<ProfitDistribution>(client, 'profit-distribution'),
    sample: SAMPLE_PROFIT_DISTRIBUTION,
  });
  return (
    <Widget
      title="Profit Potential Distribution"
      widget={widget}
      actions={
        <SegmentedControl
          size="small"
          options={[
            { label: 'Pie', value: 'pie' },
            { label: 'Bar', value: 'bar' },
          ]}
          value={kind}
          onValueChange={(v) => setKind(v as 'pie' | 'bar')}
        />
      }
    >
      {(d) => (
        <figure className="im-chart" aria-label={`Profit distribution ${kind} chart`}>
          <ProfitChart kind={kind} data={d.distribution} dark={dark} />
        </figure>
      )}
    </Widget>
  );
}
