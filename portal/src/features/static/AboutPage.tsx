import { Card, H2, H4 } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';

const STEPS = [
  ['Crawl', 'Workers read public pages, feeds and JSON APIs, politely: robots.txt and per-domain rate limits.'],
  ['Transform', 'Each page becomes a knowledge item: title, summary, categories and keywords.'],
  ['Enrich', 'A language model sharpens the idea: problem, audience and key strengths.'],
  [
    'Analyse',
    'Every idea gets a profit score out of 10 from problem severity, market demand, monetization and implementation, learned from real posts, each read and labelled against a written guide.',
  ],
] as const;

export function AboutPage() {
  return (
    <div>
      <H2>About Ideamine</H2>
      <p>
        Ideamine mines the web for product ideas and scores their profit potential, so you can spend your time on the
        ideas worth building.
      </p>
      <div className="im-idea-grid im-section">
        {STEPS.map(([title, text]) => (
          <Card key={title} compact>
            <H4>{title}</H4>
            <p>{text}</p>
          </Card>
        ))}
      </div>
      <p>
        Start with the <Link to="/ideas">ideas</Link>, see what is <Link to="/trending">trending</Link>, or{' '}
        <Link to="/submit">submit your own</Link>. How the scores are made and how often they are right:{' '}
        <Link to="/about/scores">about the scores</Link>.
      </p>
    </div>
  );
}
