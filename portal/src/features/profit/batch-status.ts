import type { Intent } from '@blueprintjs/core';
import type { BatchStatus, ProfitBatch } from '../../queries/profit';

// How a batch's state shows: a coloured status tag and a bar filled to its progress.

export const BATCH_STATUS_INTENT: Record<BatchStatus, Intent> = {
  pending: 'none',
  active: 'primary',
  completed: 'success',
  failed: 'danger',
};

/** The bar's fill between 0 and 1, from the server's progress percentage. */
export function batchProgressValue(batch: Pick<ProfitBatch, 'progress_percentage'>): number {
  const value = batch.progress_percentage / 100;
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** "4 of 10 done, 1 failed": completed and failed ideas are both done. */
export function batchProgressText(batch: Pick<ProfitBatch, 'total' | 'completed' | 'failed'>): string {
  const failed = batch.failed > 0 ? `, ${batch.failed} failed` : '';
  return `${batch.completed + batch.failed} of ${batch.total} done${failed}`;
}
