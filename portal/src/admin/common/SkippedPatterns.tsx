import { Callout, Code } from '@blueprintjs/core';
import type { PatternProblem } from '@ideamine/shared/pattern';

// Patterns saved before they were checked for the linear-time engine, which the crawler now
// skips: shown where the operator looks (a job, a schema), each with what is wrong with it.

const LIST_NAMES: Record<string, string> = {
  include_patterns: 'include pattern',
  exclude_patterns: 'exclude pattern',
  follow_patterns: 'follow pattern',
};

export function SkippedPatterns({ problems, fix }: { problems: PatternProblem[]; fix: string }) {
  if (!problems.length) return null;
  return (
    <Callout intent="warning" icon="warning-sign" title="Patterns the crawler skips" className="im-section">
      {/* A long pattern has no spaces to wrap at; on a phone it must still fit. */}
      <ul aria-label="Skipped patterns" style={{ overflowWrap: 'anywhere' }}>
        {problems.map((p) => (
          <li key={`${p.field}:${p.pattern}`}>
            The {LIST_NAMES[p.field] ?? p.field} <Code>{p.pattern}</Code> {p.problem}.
          </li>
        ))}
      </ul>
      <p>{fix}</p>
    </Callout>
  );
}
