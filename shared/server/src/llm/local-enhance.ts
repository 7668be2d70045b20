import type { Enhancement, IdeaText } from './provider';

// The local provider's Idea Storm rewrite: picks the sentences that state the problem, the
// solution, the customer and the money, fills gaps with plain prompts, and lists what is missing.
// Deterministic: the same text always gives the same result.

type CueCounter = (text: string, cues: readonly string[]) => number;

export interface EnhanceCues {
  pain: readonly string[];
  demand: readonly string[];
  money: readonly string[];
  easy: readonly string[];
  hard: readonly string[];
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 3).trimEnd()}...` : s);

function bestSentence(sentences: string[], count: CueCounter, cues: readonly string[]): string | null {
  let best: string | null = null;
  let bestHits = 0;
  for (const s of sentences) {
    const hits = count(s, cues);
    if (hits > bestHits) [best, bestHits] = [s, hits];
  }
  return best;
}

/** An explicit "Target market: ..." line wins; else "... for busy florists who ..." -> "busy florists". */
function audienceOf(text: string): string | null {
  const stated = /^target market:\s*(.{2,200})$/im.exec(text);
  if (stated) return stated[1]!.trim();
  const m = /\bfor ([a-z][\w-]*(?:\s[a-z][\w-]*){0,4}?)(?=[.,;:!?]|\s(?:who|that|to|and|with|in)\b|$)/i.exec(text);
  return m?.[1]?.trim() || null;
}

export function enhanceLocally(idea: IdeaText, sentences: string[], count: CueCounter, cues: EnhanceCues): Enhancement {
  const text = `${idea.title}. ${idea.body}`;
  const title = clip(
    idea.title.trim().replace(/^./, (c) => c.toUpperCase()),
    200,
  );
  const problem = bestSentence(sentences, count, cues.pain);
  const solution = bestSentence(sentences, count, cues.easy) ?? sentences[0] ?? null;
  const money = bestSentence(sentences, count, cues.money);
  const audience = audienceOf(text);
  const demand = count(text, cues.demand) > 0;
  const hard = cues.hard.filter((c) => count(text, [c]) > 0);

  const suggestions: string[] = [];
  if (!problem)
    suggestions.push("Describe the problem in your customer's words: who loses time or money today, and how much?");
  if (!audience) suggestions.push('Name one specific first customer group you can reach this month.');
  if (!money) suggestions.push('Say who pays and how: a monthly subscription, a fee per use or a one-off licence.');
  if (!demand)
    suggestions.push('Collect evidence of demand: forum threads, a waitlist or search volume for the problem.');
  if (hard.length)
    suggestions.push(`Plan for ${hard.slice(0, 2).join(' and ')} early: it will slow the first version.`);
  suggestions.push('Build the smallest version that proves people will pay, and sell it to five customers by hand.');

  const target = audience
    ? clip(
        audience.replace(/^./, (c) => c.toUpperCase()),
        500,
      )
    : 'Not stated yet: pick one reachable group of early adopters.';
  const result: Enhancement = {
    title,
    problem: clip(problem ?? `People who need "${idea.title}" have no simple way to get it today.`, 1000),
    solution: clip(solution ?? idea.title, 1000),
    target_customers: target,
    monetization: clip(
      money ?? 'Not stated yet: start with a monthly subscription and test the price with a pre-sale.',
      500,
    ),
    enhanced_description: '',
    suggestions: suggestions.slice(0, 8),
  };
  result.enhanced_description = clip(
    [
      `${result.title}.`,
      solution ? solution : '',
      audience ? `Built for ${audience}.` : '',
      problem && problem !== solution ? problem : '',
      money && money !== solution && money !== problem ? money : '',
    ]
      .filter(Boolean)
      .join(' '),
    4000,
  );
  return result;
}
