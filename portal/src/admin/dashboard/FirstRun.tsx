import { Callout, Code } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthProvider';
import { SourcesCatalogue } from '../schedules/SourcesCatalogue';
import { total } from './queries';

// A fresh install has crawled nothing: instead of empty widgets, say how to begin. Sources
// switch on from the catalogue here; the offline demo loads with one command on the server.

export function FirstRun() {
  const { client } = useAuth();
  const jobs = useQuery({
    queryKey: ['admin', 'first-run', 'jobs'],
    queryFn: () => total(client, '/jobs', {}),
  });
  if (jobs.data !== 0) return null;
  return (
    <div className="im-section" aria-label="Getting started">
      <Callout intent="primary" icon="info-sign" title="Nothing crawled yet" className="im-section">
        <p>
          Ideamine finds product ideas in public posts: it crawls sources, keeps the posts that state a need, scores
          them and publishes them on the portal. Two ways to begin:
        </p>
        <ul>
          <li>
            <strong>Load the demo</strong>: on the server, <Code>npm run demo</Code> crawls the bundled offline demo
            site through the real pipeline (about a minute; its jobs then show here with their progress).
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
