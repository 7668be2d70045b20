import { Tag, type Intent } from '@blueprintjs/core';

// One colour per job or task status, on every pipeline screen.

const INTENT: Record<string, Intent> = {
  pending: 'none',
  active: 'primary',
  completed: 'success',
  partially_completed: 'warning',
  failed: 'danger',
  skipped: 'none',
};

export const statusLabel = (status: string) => status.replace(/_/g, ' ');

export function StatusTag(props: { status: string; count?: string }) {
  return (
    <Tag
      minimal={props.status !== 'active'}
      intent={INTENT[props.status] ?? 'none'}
      icon={props.status === 'active' ? 'refresh' : undefined}
    >
      {statusLabel(props.status)}
      {props.count !== undefined && ` ${props.count}`}
    </Tag>
  );
}

/** Finished: a re-run (or a bulk retry) may send it through the pipeline again. */
export const isFinishedTask = (status: string) => status === 'completed' || status === 'failed' || status === 'skipped';
