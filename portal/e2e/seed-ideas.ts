import { demoPosts, type DemoPost } from '@ideamine/server/demo/real-posts';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';

// The browser tests' public ideas: the first 30 posts of the demo (shared/server/src/demo) that
// are labelled ideas, real text like the demo's. Each gets a word of its title that no other seeded
// title has, so a search or a tag filter finds it alone, and all share SEEDED_TAG.

export const SEEDED_COUNT = 30;
/** A keyword every seeded idea has (the knowledge list's tag filter keeps them apart from crawled ones). */
export const SEEDED_TAG = 'seeded';

export interface SeededIdea {
  title: string;
  body: string;
  source_url: string;
  /** A word of the title found in no other seeded title. */
  keyword: string;
}

/** A post's sentences (the seeded summary is the first two). */
export const sentencesOf = (body: string) =>
  body
    .split(/(?<=[.!?])\s+/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The evidence a seeded idea shows: what the idea model quotes for it, with market demand left
 * empty so the page's "no sentence" state shows too. In the order the page lists the sub-scores.
 */
export async function seededEvidence(idea: Pick<SeededIdea, 'title' | 'body'>) {
  const { severity, monetization, implementation } = (await ideaModel().assess(idea.title, idea.body)).evidence;
  return { severity, demand: [] as string[], monetization, implementation };
}

const wordsOf = (title: string) => title.toLowerCase().match(/[a-z]{5,}/g) ?? [];

function seeded(): SeededIdea[] {
  const posts: DemoPost[] = demoPosts()
    .filter((p) => p.label === 'idea' && p.title.length <= 90)
    .slice(0, SEEDED_COUNT);
  const titles = posts.map((p) => p.title.replace(/\s+/g, ' ').trim());
  return posts.map((p, i) => {
    const elsewhere = new Set(titles.flatMap((t, j) => (j === i ? [] : wordsOf(t))));
    const bodyElsewhere = new Set(posts.flatMap((q, j) => (j === i ? [] : wordsOf(q.body))));
    const keyword =
      wordsOf(titles[i]!).find((w) => !elsewhere.has(w) && !bodyElsewhere.has(w)) ??
      wordsOf(titles[i]!).find((w) => !elsewhere.has(w));
    if (!keyword) throw new Error(`No word sets "${titles[i]}" apart from the other seeded ideas`);
    return { title: titles[i]!, body: p.body, source_url: p.provenance.permalink, keyword };
  });
}

export const SEEDED_IDEAS: readonly SeededIdea[] = seeded();
