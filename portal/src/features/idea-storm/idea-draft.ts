import { ideaInputBody } from '@ideamine/shared/contract/idea-storm';
import type { IdeaEnhancement, IdeaInput } from '../../queries/idea-storm';

// The Idea Storm form's text, checked with the same contract the API uses, so the buttons wait
// until the API would accept it and each field shows the API's own words.

export interface IdeaDraft {
  title: string;
  description: string;
  target_market: string;
}

export const EMPTY_DRAFT: IdeaDraft = { title: '', description: '', target_market: '' };
export const DRAFT_FIELDS = ['title', 'description', 'target_market'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

/** The request body: trimmed, without an empty target market. */
export function ideaInputOf(draft: IdeaDraft): IdeaInput {
  const input: IdeaInput = { title: draft.title.trim(), description: draft.description.trim() };
  if (draft.target_market.trim()) input.target_market = draft.target_market.trim();
  return input;
}

/** The first problem with each field, as the API would word it; empty when the draft is ready. */
export function draftProblems(draft: IdeaDraft): Partial<Record<DraftField, string>> {
  const result = ideaInputBody.safeParse(ideaInputOf(draft));
  if (result.success) return {};
  const problems: Partial<Record<DraftField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (DRAFT_FIELDS as readonly string[]).includes(field))
      problems[field as DraftField] ??= issue.message;
  }
  return problems;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A rewrite taken back into the form: its title, its description and its customers. */
export function draftFromEnhancement(e: IdeaEnhancement): IdeaDraft {
  return {
    title: clip(e.title, 200),
    description: clip(e.enhanced_description, 5000),
    target_market: clip(e.target_customers, 200),
  };
}
