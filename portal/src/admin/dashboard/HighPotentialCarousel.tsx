import { AnchorButton, Button, Card, H5, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { adminHighPotentialIdeaSchema } from '@ideamine/shared/contract/dashboard-insights';
import { formatShortDate, innovationChipLabel, scoreChipIntent, withOverflow } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { ScoreTag } from '../../features/ideas/IdeaCard';
import { ButtonLink } from '../../features/account/ButtonLink';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { AUTOPLAY_MS, clampSlide, nextAutoplaySlide, SLIDE_MS } from './carousel-state';
import { SAMPLE_HIGH_POTENTIAL } from './insights-sample-data';
import { fetchDashboard } from './queries';

// High-Potential Ideas (spec s2): a carousel of the best-scored ideas with the profit score the
// public pages show (out of 10), their innovation scores above the floor, at most 3 key strengths then '+N more', the summary clamped to 3 lines, View Details,
// Source in a new tab, and View All.

export type HighPotentialIdea = z.infer<typeof adminHighPotentialIdeaSchema>;

const INNOVATION: [keyof HighPotentialIdea, string][] = [
  ['business_model_innovation_score', 'Business model'],
  ['technology_innovation_score', 'Technology'],
  ['market_disruption_potential_score', 'Market disruption'],
  ['approach_novelty_score', 'Novelty'],
];

function Slide({ idea }: { idea: HighPotentialIdea }) {
  const strengths = withOverflow(idea.key_strengths, 3);
  return (
    <div className="im-slide" aria-roledescription="slide" aria-label={idea.title}>
      <div className="im-row" style={{ justifyContent: 'space-between' }}>
        <H5 className="im-slide-title">{idea.title}</H5>
        <ScoreTag score={idea.profit_score} />
      </div>
      <p className="im-clamp-3">{idea.summary}</p>
      <div className="im-chips">
        {INNOVATION.map(([key, label]) => {
          const score = idea[key] as number | null;
          const text = innovationChipLabel(score);
          return text ? (
            <Tag key={key} minimal intent={scoreChipIntent(score)}>
              {label} {text}
            </Tag>
          ) : null;
        })}
      </div>
      <div className="im-chips">
        {strengths.shown.map((s) => (
          <Tag key={s} minimal icon="tick">
            {s}
          </Tag>
        ))}
        {strengths.more > 0 && <Tag minimal>+{strengths.more} more</Tag>}
      </div>
      <div className="im-row">
        <ButtonLink
          to="/knowledge/$id"
          params={{ id: String(idea.id) }}
          intent="primary"
          text="View Details"
          size="small"
        />
        {idea.source_url && (
          <AnchorButton
            href={idea.source_url}
            target="_blank"
            rel="noopener noreferrer"
            icon="share"
            text="Source"
            size="small"
            variant="minimal"
          />
        )}
        <span className="im-muted">{formatShortDate(idea.created_at)}</span>
      </div>
    </div>
  );
}

function Carousel({ ideas }: { ideas: HighPotentialIdea[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const current = clampSlide(index, ideas.length);
  useEffect(() => {
    const next = nextAutoplaySlide(current, ideas.length, hovered);
    if (next === null) return;
    const timer = setTimeout(() => setIndex(next), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [current, ideas.length, hovered]);
  return (
    <div
      className="im-carousel"
      aria-roledescription="carousel"
      aria-label="High-potential ideas"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="im-carousel-window">
        <div
          className="im-carousel-track"
          style={{ transform: `translateX(-${current * 100}%)`, transitionDuration: `${SLIDE_MS}ms` }}
        >
          {ideas.map((idea) => (
            <Slide key={idea.id} idea={idea} />
          ))}
        </div>
      </div>
      <div className="im-carousel-nav">
        <Button
          icon="chevron-left"
          variant="minimal"
          aria-label="Previous idea"
          disabled={current === 0}
          onClick={() => setIndex(clampSlide(current - 1, ideas.length))}
        />
        {ideas.map((idea, i) => (
          <button
            key={idea.id}
            type="button"
            className="im-carousel-dot"
            aria-label={`Go to idea ${i + 1}`}
            aria-current={i === current}
            onClick={() => setIndex(i)}
          />
        ))}
        <Button
          icon="chevron-right"
          variant="minimal"
          aria-label="Next idea"
          disabled={current >= ideas.length - 1}
          onClick={() => setIndex(clampSlide(current + 1, ideas.length))}
        />
      </div>
    </div>
  );
}

export function HighPotentialCarousel() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'high potential ideas',
    queryKey: ['admin', 'high-potential-ideas'],
    queryFn: () => fetchDashboard<HighPotentialIdea[]>(client, 'high-potential-ideas', { limit: '5' }),
    sample: SAMPLE_HIGH_POTENTIAL,
  });
  return (
    <Widget
      title="High-Potential Ideas"
      widget={widget}
      actions={<AnchorButton href="/high-potential-ideas" variant="minimal" text="View All High-Potential Ideas" />}
    >
      {(ideas) =>
        ideas.length === 0 ? (
          <NonIdealState
            icon="lightbulb"
            description="No high-potential ideas found"
            action={<AnchorButton href="/knowledge" text="Browse Knowledge Base" />}
          />
        ) : (
          <Card compact className="im-carousel-card">
            <Carousel ideas={ideas} />
          </Card>
        )
      }
    </Widget>
  );
}
