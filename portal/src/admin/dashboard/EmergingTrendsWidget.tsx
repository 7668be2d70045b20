import { Tab, Tabs } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import type { EmergingTrends } from '@ideamine/shared/contract/dashboard-insights';
import { tagCloudFontSize } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { SAMPLE_EMERGING_TRENDS } from './insights-sample-data';
import { fetchDashboard } from './queries';

/** A tag cloud: word size by frequency between min and max px; each word searches the knowledge. */
function TagCloud(props: { words: { text: string; frequency: number }[]; min: number; max: number; empty: string }) {
  if (props.words.length === 0) return <p className="im-muted">{props.empty}</p>;
  const top = Math.max(...props.words.map((w) => w.frequency));
  return (
    <div className="im-tag-cloud">
      {props.words.map((w) => (
        <Link
          key={w.text}
          to="/knowledge"
          search={{ search: w.text }}
          style={{ fontSize: tagCloudFontSize(w.frequency, top, props.min, props.max) }}
        >
          {w.text}
        </Link>
      ))}
    </div>
  );
}

/** Emerging trends (spec s2): keyword (14-30 px) and theme (16-36 px) tag clouds. */
export function EmergingTrendsWidget() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'emerging trends',
    queryKey: ['admin', 'emerging-trends'],
    queryFn: () => fetchDashboard<EmergingTrends>(client, 'emerging-trends'),
    sample: SAMPLE_EMERGING_TRENDS,
  });
  return (
    <Widget title="Emerging Trends" widget={widget}>
      {(d) => (
        <Tabs id="emerging-trends">
          <Tab
            id="keywords"
            title="Keywords"
            panel={
              <TagCloud
                words={d.keywords.map((k) => ({ text: k.keyword, frequency: k.frequency }))}
                min={14}
                max={30}
                empty="No keyword data available"
              />
            }
          />
          <Tab
            id="themes"
            title="Themes"
            panel={
              <TagCloud
                words={d.themes.map((t) => ({ text: t.theme, frequency: t.frequency }))}
                min={16}
                max={36}
                empty="No theme data available"
              />
            }
          />
        </Tabs>
      )}
    </Widget>
  );
}
