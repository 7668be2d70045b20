import { Callout } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthProvider';
import { SourcesCatalogue } from '../schedules/SourcesCatalogue';
import { LoadDemo } from './LoadDemo';
import { total } from './queries';

// A fresh install has crawled nothing: instead of empty widgets, say how to begin. Sources
// switch on from the catalogue here; the demo loads with one button (or `npm run demo`), and
// its progress shows here while it loads.

export function FirstRun() {
  const { client } = useAuth();
  const jobs = useQuery({
    queryKey: ['admin', 'first-run', 'jobs'],
    queryFn: () => total(client, '/jobs', {}),
  });
  if (jobs.data !== 0) return <LoadDemo showButton={false} />;
  return (
    <div className="im-section" aria-label="Getting started">
      <Callout intent="primary" icon="info-sign" title="Nothing crawled yet" className="im-section">
        <p>
          Ideamine finds product ideas in public posts: it crawls sources, keeps the posts that state a need, scores
          them and publishes them on the portal. Two ways to begin:
        </p>
        <ul>
          <li>
            <strong>Load the demo</strong>: about 300 real public posts (people asking for tools, proposing products,
            and the noise around them) crawled from the demo site this server serves, through the real pipeline. It
            takes under a minute.
            <LoadDemo showButton />
          </li>
          <li>
            <strong>Add sources</strong>: switch on the public sources below; each is crawled on its schedule.
          </li>
        </ul>
      </Callout>
      <SourcesCatalogue title="Add sources" />
    </div>
  );
}
