import { Card, Tag } from '@blueprintjs/core';
import type { LlmStats as Stats } from '@ideamine/shared/contract/llm-monitoring';
import { formatCount, formatNumber, formatPercent } from '@ideamine/shared/format';

/** Dollars with enough decimals for fractions of a cent. */
export const formatCost = (usd: number) => `$${formatNumber(usd, { decimals: usd > 0 && usd < 1 ? 4 : 2 })}`;

/** The headline figures of a period: calls, error rate, tokens, latency and cost. */
export function LlmStatCards(props: { stats: Stats }) {
  const s = props.stats;
  const cards: [string, string, string?][] = [
    ['Calls', formatCount(s.calls)],
    ['Error rate', formatPercent(s.error_rate), `${formatCount(s.errors)} errors`],
    [
      'Tokens',
      formatCount(s.total_tokens),
      `${formatCount(s.prompt_tokens)} in · ${formatCount(s.completion_tokens)} out`,
    ],
    [
      'Latency p50 / p95',
      `${formatCount(Math.round(s.latency_p50_ms))} / ${formatCount(Math.round(s.latency_p95_ms))} ms`,
    ],
    ['Cost', formatCost(s.cost_usd)],
  ];
  return (
    <div className="im-stat-grid im-section">
      {cards.map(([label, value, note]) => (
        <Card key={label} compact>
          <div className="im-muted">{label}</div>
          <div className="im-stat-value">{value}</div>
          {label === 'Error rate' && s.errors > 0 ? (
            <Tag minimal intent="danger">
              {note}
            </Tag>
          ) : (
            note && <div className="im-muted">{note}</div>
          )}
        </Card>
      ))}
    </div>
  );
}
