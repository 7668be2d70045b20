import { formatCount, formatHour, formatShortDate } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useTheme } from '../../layout/ThemeProvider';
import { ThroughputChart } from '../charts/ThroughputChart';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { adminKeys, fetchWorkerStats } from './queries';
import { SAMPLE_WORKER_STATS } from './sample-data';

/** Worker Performance (spec s2): live worker counts and throughput for 6 hours and 7 days. */
export function WorkerPerformanceWidget(props: { autoRefresh: boolean }) {
  const { client } = useAuth();
  const { dark } = useTheme();
  const widget = useWidgetData({
    name: 'worker statistics',
    queryKey: adminKeys.workerStats,
    queryFn: () => fetchWorkerStats(client),
    sample: SAMPLE_WORKER_STATS(),
    autoRefresh: props.autoRefresh,
  });
  return (
    <Widget title="Worker Performance" widget={widget}>
      {(data) => (
        <>
          <div className="im-stat-grid im-section">
            <div>
              <div className="im-muted">Active Crawl Workers</div>
              <div className="im-stat-value">{formatCount(data.active_crawl_workers)}</div>
            </div>
            <div>
              <div className="im-muted">Active Transform Workers</div>
              <div className="im-stat-value">{formatCount(data.active_transform_workers)}</div>
            </div>
          </div>
          <ThroughputChart
            title="Hourly Throughput (Last 6 Hours)"
            labels={data.hourly_throughput.map((p) => formatHour(p.timestamp))}
            crawl={data.hourly_throughput.map((p) => p.crawl_tasks)}
            transform={data.hourly_throughput.map((p) => p.transform_tasks)}
            dark={dark}
          />
          <ThroughputChart
            title="Daily Throughput (Last 7 Days)"
            labels={data.daily_throughput.map((p) => formatShortDate(`${p.date}T12:00:00`))}
            crawl={data.daily_throughput.map((p) => p.crawl_tasks)}
            transform={data.daily_throughput.map((p) => p.transform_tasks)}
            dark={dark}
          />
        </>
      )}
    </Widget>
  );
}
