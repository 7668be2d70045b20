import { ideaModel, type IdeaVerdict } from '@ideamine/server/llm/idea-model/model';
import type { ExtractedItem } from './item';

// The pre-filter: which extracted items are product ideas. The idea model decides (learned from
// labelled posts, see worker/quality/); what it drops is said in words on the transform task, so
// an operator sees why ("not an idea: hiring post").

export interface Filtered {
  /** The items kept, each with the model's verdict (its sub-scores, profit and evidence). */
  ideas: { item: ExtractedItem; verdict: IdeaVerdict }[];
  dropped: { item: ExtractedItem; reason: string }[];
}

/** Items whose URL is in `overruled` (an operator's "keep as ideas") are kept whatever the model says. */
export async function filterIdeas(
  items: ExtractedItem[],
  overruled: ReadonlySet<string> = new Set(),
): Promise<Filtered> {
  const model = ideaModel();
  const out: Filtered = { ideas: [], dropped: [] };
  // What the words alone rule out is dropped before the sentence encoder reads it (it costs ten
  // times the rest); an item an operator kept is always read in full. The rest are asked for all
  // at once, so the encoder reads the page's items as batches (encoder.ts). Each item's words are
  // read once, for the screen and the whole model alike.
  const judged = await Promise.all(
    items.map(async (item) => {
      const read = model.read(item.title, item.body);
      const screened = overruled.has(item.url) ? null : model.screenOut(read);
      return screened ? { item, reason: screened } : { item, verdict: await model.assess(read) };
    }),
  );
  for (const j of judged) {
    if (j.reason !== undefined) out.dropped.push({ item: j.item, reason: j.reason });
    else if (j.verdict.isIdea || overruled.has(j.item.url)) out.ideas.push({ item: j.item, verdict: j.verdict });
    else out.dropped.push({ item: j.item, reason: j.verdict.reason ?? 'not an idea' });
  }
  return out;
}

/** What a task whose items were all dropped records: the reason, or the reasons counted. */
export function dropSummary(dropped: Filtered['dropped']): string {
  if (dropped.length === 1) return dropped[0]!.reason;
  const counts = new Map<string, number>();
  for (const d of dropped) {
    const why = d.reason.replace(/^not an idea: /, '');
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([why, n]) => `${n} ${why}`);
  return `not ideas: ${dropped.length} items (${parts.join(', ')})`;
}
