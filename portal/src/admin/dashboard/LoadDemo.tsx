import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { DemoProgressDto } from '@ideamine/shared/contract/demo';
import { formatCount, formatCountOf } from '@ideamine/shared/format';
import { REFUSED_PRIVATE } from '@ideamine/shared/refusals';
import type { ApiClient } from '../../api/client';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';

// "Load the demo": real public posts from the demo site this server serves, through the real
// pipeline. The button starts it; while it loads, the progress shows (pages crawled, ideas found
// and scored), polled every second, also after a reload; when it is done, a link to the ideas.
// When no page gave an idea (a worker refused the demo site's address, say), it says why and
// offers to load it again, wherever the dashboard is opened.

const demoKey = ['admin', 'demo'] as const;

const fetchDemoProgress = async (client: ApiClient) => (await client.get<DemoProgressDto>('/admin/demo')).data;

/** Crawling is most of the work; scoring the ideas found is the rest. */
function fraction(p: DemoProgressDto): number {
  const crawled = p.pages_total ? p.pages_crawled / p.pages_total : 0;
  const scored = p.ideas ? p.scored / p.ideas : 0;
  return Math.min(1, 0.8 * crawled + 0.2 * scored);
}

function DemoProgress(props: { progress: DemoProgressDto }) {
  const p = props.progress;
  const percent = Math.round(fraction(p) * 100);
  return (
    <Callout intent="primary" icon="refresh" title="Loading the demo" className="im-section" aria-live="polite">
      <ProgressBar value={fraction(p)} intent="primary" stripes animate aria-label={`Demo loaded ${percent}%`} />
      <p className="im-muted" style={{ marginTop: 8 }}>
        {formatCountOf(p.pages_crawled, 'page')} of {formatCount(p.pages_total)} crawled ·{' '}
        {formatCountOf(p.ideas, 'idea')} found · {formatCount(p.scored)} scored
      </p>
    </Callout>
  );
}

/** What to do about pages the workers would not or could not read. */
function adviceFor(reason: string | null): string {
  if (reason?.startsWith(REFUSED_PRIVATE))
    return 'A worker that may not reach the demo site took its pages. If workers run on other machines, set DEMO_SITE_URL to an address of this server they can reach. Do not run "npm run demo" beside this server on the same database. Then load the demo again.';
  return 'Check that the workers can reach this server at its DEMO_SITE_URL, then load the demo again.';
}

function DemoFailed(props: { progress: DemoProgressDto; start: () => void; starting: boolean }) {
  const p = props.progress;
  return (
    <Callout intent="danger" icon="error" title="The demo loaded no ideas" className="im-section" role="alert">
      <p>
        {formatCountOf(p.pages_not_read, 'page')} of {formatCount(p.pages_total)} could not be read
        {p.not_read_because ? `: ${p.not_read_because}` : ''}.
      </p>
      <p>{adviceFor(p.not_read_because)}</p>
      <Button intent="primary" loading={props.starting} onClick={props.start}>
        Load the demo again
      </Button>
    </Callout>
  );
}

/** The button on the empty dashboard, and the demo's progress wherever the dashboard is opened while it loads. */
export function LoadDemo(props: { showButton: boolean }) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: demoKey,
    queryFn: () => fetchDemoProgress(client),
    refetchInterval: (q) => (q.state.data?.state === 'loading' ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: async () => (await client.post<DemoProgressDto>('/admin/demo')).data,
    onSuccess: async (p) => {
      queryClient.setQueryData(demoKey, p);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const p = progress.data;
  // Seen loading on this page: say when it is done (a later visit shows the dashboard as it is).
  const [sawLoading, setSawLoading] = useState(false);
  useEffect(() => {
    if (p?.state === 'loading') setSawLoading(true);
  }, [p?.state]);
  if (p?.state === 'loading') return <DemoProgress progress={p} />;
  const startError = start.error && (
    <Callout intent="danger" className="im-section" role="alert">
      {messageOf(start.error, 'The demo could not be started')}
    </Callout>
  );
  if (p?.state === 'failed')
    return (
      <>
        <DemoFailed progress={p} start={() => start.mutate()} starting={start.isPending} />
        {startError}
      </>
    );
  if (p?.state === 'loaded' && sawLoading)
    return (
      <Callout intent="success" icon="tick" title="The demo is loaded" className="im-section" aria-live="polite">
        {p.ideas > 0
          ? `${formatCountOf(p.ideas, 'idea')} from real public posts, crawled from ${formatCountOf(p.pages_crawled, 'page')} and scored.`
          : `${formatCountOf(p.pages_crawled, 'page')} crawled again: their posts were ideas here already, so none were added.`}{' '}
        <Link to="/ideas">See them on the portal</Link>
      </Callout>
    );
  if (!props.showButton || p?.state !== 'not_loaded') return null;
  return (
    <div>
      <Button intent="primary" style={{ margin: '6px 0' }} loading={start.isPending} onClick={() => start.mutate()}>
        Load the demo
      </Button>
      {startError}
    </div>
  );
}
