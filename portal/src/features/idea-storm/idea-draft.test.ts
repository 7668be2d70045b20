import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, draftFromEnhancement, draftProblems, ideaInputOf } from './idea-draft';

describe('idea draft', () => {
  it('trims the text and leaves out an empty target market', () => {
    expect(ideaInputOf({ title: '  A tool ', description: ' words ', target_market: '   ' })).toEqual({
      title: 'A tool',
      description: 'words',
    });
    expect(ideaInputOf({ title: 'A', description: 'B', target_market: ' dentists ' }).target_market).toBe('dentists');
  });

  it('names the fields the API would refuse, in its words', () => {
    const problems = draftProblems(EMPTY_DRAFT);
    expect(problems.title).toBe('title must be at least 3 characters');
    expect(problems.description).toBe('description must be at least 20 characters');
    expect(problems.target_market).toBeUndefined();
  });

  it('has no problems once the draft is long enough', () => {
    expect(
      draftProblems({ title: 'Invoice bot', description: 'Chases unpaid invoices by email.', target_market: '' }),
    ).toEqual({});
  });

  it('takes a rewrite back into the form within the limits', () => {
    const draft = draftFromEnhancement({
      title: 'T'.repeat(250),
      problem: 'p',
      solution: 's',
      target_customers: 'Freelancers',
      monetization: 'm',
      enhanced_description: 'Better pitch',
      suggestions: [],
    });
    expect(draft).toEqual({ title: 'T'.repeat(200), description: 'Better pitch', target_market: 'Freelancers' });
  });
});
