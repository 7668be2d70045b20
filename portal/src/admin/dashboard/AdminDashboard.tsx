import { H2, Switch, Tab, Tabs } from '@blueprintjs/core';
import { SETTING_KEYS, useSetting } from '../../settings/local-settings';
import { ActionCenter } from './ActionCenter';
import { DatabaseStatusWidget } from './DatabaseStatusWidget';
import { DomainHealthWidget } from './DomainHealthWidget';
import { EmergingTrendsWidget } from './EmergingTrendsWidget';
import { IdeaPipelineWidget } from './IdeaPipelineWidget';
import { KnowledgeMetricsWidget } from './KnowledgeMetricsWidget';
import { ProfitDistributionWidget } from './ProfitDistributionWidget';
import { TagActivityWidget } from './TagActivityWidget';
import { ErrorRatesWidget } from './ErrorRatesWidget';
import { FirstRun } from './FirstRun';
import { HighPotentialCarousel } from './HighPotentialCarousel';
import { JobStatisticsWidget } from './JobStatisticsWidget';
import { OverviewStats } from './OverviewStats';
import { QueueMetricsWidget } from './QueueMetricsWidget';
import { RecentJobs } from './RecentJobs';
import { SourcePerformanceWidget } from './SourcePerformanceWidget';
import { SystemStatusWidget } from './SystemStatusWidget';
import { WorkerPerformanceWidget } from './WorkerPerformanceWidget';

// The operations dashboard (spec s2): five tabs.

export function AdminDashboard() {
  const [autoRefresh, setAutoRefresh] = useSetting<boolean>(SETTING_KEYS.autoRefresh, false);
  return (
    <div>
      <div className="im-section-head">
        <H2>Operations dashboard</H2>
        <Switch
          label="Auto-refresh (30 s)"
          checked={autoRefresh}
          onChange={(e) => setAutoRefresh(e.currentTarget.checked)}
        />
      </div>
      <Tabs id="admin-dashboard" renderActiveTabPanelOnly>
        <Tab
          id="overview"
          title="Overview"
          panel={
            <div>
              <FirstRun />
              <OverviewStats />
              <div className="im-widget-grid">
                <SystemStatusWidget autoRefresh={autoRefresh} />
                <QueueMetricsWidget autoRefresh={autoRefresh} />
              </div>
              <RecentJobs />
              <div className="im-section">
                <HighPotentialCarousel />
              </div>
              <ActionCenter />
            </div>
          }
        />
        <Tab
          id="system-health"
          title="System Health"
          panel={
            <div className="im-widget-grid">
              <SystemStatusWidget autoRefresh={autoRefresh} />
              <QueueMetricsWidget autoRefresh={autoRefresh} />
              <WorkerPerformanceWidget autoRefresh={autoRefresh} />
              <JobStatisticsWidget />
              <ErrorRatesWidget />
              <DatabaseStatusWidget />
            </div>
          }
        />
        <Tab
          id="knowledge"
          title="Knowledge & Insights"
          panel={
            <div className="im-widget-grid">
              <KnowledgeMetricsWidget />
              <TagActivityWidget />
              <IdeaPipelineWidget />
              <ProfitDistributionWidget />
              <HighPotentialCarousel />
              <EmergingTrendsWidget />
            </div>
          }
        />
        <Tab
          id="sources"
          title="Data Sources"
          panel={
            <div>
              <div className="im-section">
                <SourcePerformanceWidget />
              </div>
              <DomainHealthWidget />
            </div>
          }
        />
        <Tab id="actions" title="Action Center" panel={<ActionCenter />} />
      </Tabs>
    </div>
  );
}
