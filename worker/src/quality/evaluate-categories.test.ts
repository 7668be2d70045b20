import { describe, expect, it } from 'vitest';
import type { LabelledPost } from './dataset';
import { categoryFigures } from './evaluate-categories';

// The category evaluation's figures on a handful of filed ideas worked out by hand.

const post = (id: string) => ({ id, title: id, body: '' }) as LabelledPost;

describe('categoryFigures', () => {
  it('counts (idea, category) pairs, the first category shown and the ideas filed under none', () => {
    const figures = categoryFigures(
      [
        { post: post('a'), gold: ['food'], predicted: ['food', 'health'] }, // 1 right of 2 filed
        { post: post('b'), gold: ['travel', 'fintech'], predicted: ['fintech'] }, // 1 right, first right
        { post: post('c'), gold: ['community'], predicted: [] }, // unfiled
        { post: post('d'), gold: [], predicted: ['media'] }, // fits none, filed anyway
      ],
      ['food', 'health', 'travel', 'fintech', 'community', 'media'],
    );
    expect(figures).toMatchObject({
      ideas: 4,
      precision: 0.5, // 2 right of 4 filed
      recall: 0.5, // 2 right of 4 labelled
      f1: 0.5,
      first_right: 0.667, // a and b of the three that fit some category
      unfiled: 0.333, // c
    });
    expect(figures.by_category.food).toEqual({ gold: 1, filed: 1, right: 1 });
    expect(figures.by_category.travel).toEqual({ gold: 1, filed: 0, right: 0 });
    expect(figures.by_category.media).toEqual({ gold: 0, filed: 1, right: 0 });
  });
});
