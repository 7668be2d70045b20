import { describe, expect, it } from 'vitest';
import { weakReviews, type DatasetReview, type Post } from './posts';

// The reviews labelled by their dataset's authors: how their labels are read onto the guide's,
// and that no copy of a hand-labelled post (the test split's included) slips into training.

const review = (id: string, text: string): Post => ({
  id: `reviews:${id}`,
  source: 'app-store-reviews',
  genre: 'review',
  provenance: { repo: 'r', commit: 'c', path: 'dataset.csv', row: 2, post_id: id },
  title: 'A topic',
  body: `${text}\n\n(App: Some app)`,
});
const labelled = (post: Post, category: string, requirement = ''): DatasetReview => ({ post, category, requirement });

describe('weakReviews', () => {
  it("reads a functional requirement as an idea and a bug, 'other' or noise as noise", () => {
    const weak = weakReviews(
      [],
      [
        labelled(review('1', 'Please let me export my notes as PDF'), 'requirement', 'functional'),
        labelled(review('2', 'Crashes whenever I open the camera'), 'bug report'),
        labelled(review('3', 'Love it'), 'other'),
        labelled(review('4', 'asdf'), 'noise'),
      ],
    );
    expect(weak.map((p) => [p.id, p.label, p.dataset_label])).toEqual([
      ['reviews:1', 'idea', 'functional requirement'],
      ['reviews:2', 'noise', 'bug report'],
      ['reviews:3', 'noise', 'other'],
      ['reviews:4', 'noise', 'noise'],
    ]);
  });

  it('leaves out non-functional requirements, which the guide reads either way', () => {
    const weak = weakReviews(
      [],
      [labelled(review('5', 'Too many ads, make it faster'), 'requirement', 'non-functional')],
    );
    expect(weak).toEqual([]);
  });

  it('leaves out a hand-labelled review and any copy of its text under another id', () => {
    const handLabelled = review('6', 'The app needs a dark mode!');
    const weak = weakReviews(
      [handLabelled],
      [
        labelled(handLabelled, 'requirement', 'functional'),
        labelled(review('7', 'the app needs a DARK MODE'), 'requirement', 'functional'),
        labelled(review('8', 'Sync with my calendar, please'), 'requirement', 'functional'),
        labelled(review('9', 'Sync with my calendar please.'), 'requirement', 'functional'),
      ],
    );
    expect(weak.map((p) => p.id)).toEqual(['reviews:8']);
  });
});
