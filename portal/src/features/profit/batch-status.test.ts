import { describe, expect, it } from 'vitest';
import { isBatchRunning } from '../../queries/profit';
import { batchProgressText, batchProgressValue } from './batch-status';

describe('batch status', () => {
  it('runs while pending or active, so the page polls only then', () => {
    expect(isBatchRunning('pending')).toBe(true);
    expect(isBatchRunning('active')).toBe(true);
    expect(isBatchRunning('completed')).toBe(false);
    expect(isBatchRunning('failed')).toBe(false);
    expect(isBatchRunning(undefined)).toBe(false);
  });

  it('fills the bar from the percentage, within 0 and 1', () => {
    expect(batchProgressValue({ progress_percentage: 40 })).toBe(0.4);
    expect(batchProgressValue({ progress_percentage: 140 })).toBe(1);
    expect(batchProgressValue({ progress_percentage: Number.NaN })).toBe(0);
  });

  it('says how far it got', () => {
    expect(batchProgressText({ total: 10, completed: 3, failed: 0 })).toBe('3 of 10 done');
    expect(batchProgressText({ total: 10, completed: 3, failed: 1 })).toBe('4 of 10 done, 1 failed');
  });
});
