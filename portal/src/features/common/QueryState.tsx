import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { describeLoadError } from '../../api/errors';

// Loading, error (with Try again where trying again can help) and empty states, one look for every screen.

export function Loading(props: { label?: string }) {
  return (
    <div className="im-loading" role="status">
      <Spinner size={30} />
      <span>{props.label ?? 'Loading...'}</span>
    </div>
  );
}

export function ErrorCallout(props: { error: unknown; fallback?: string; onRetry?: () => void }) {
  const text = describeLoadError(props.error, props.fallback);
  return (
    <Callout intent="danger" title={text.message} icon="error">
      <p>{text.next}</p>
      {props.onRetry && text.retry && <Button text="Try again" icon="refresh" onClick={props.onRetry} />}
    </Callout>
  );
}

export function Empty(props: { message: string; action?: ReactNode; icon?: 'search' | 'inbox' | 'lightbulb' }) {
  return <NonIdealState icon={props.icon ?? 'inbox'} description={props.message} action={props.action as never} />;
}

/** Renders the right state of a query: loading, error with Retry, empty, or the data. */
export function QueryState<T>(props: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  isEmpty?: (data: T) => boolean;
  emptyMessage?: string;
  /** What a person can do about an empty answer (a respelling, clearing filters). */
  emptyAction?: ReactNode;
  errorFallback?: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <Loading />;
  if (query.error || query.data === undefined)
    return <ErrorCallout error={query.error} fallback={props.errorFallback} onRetry={() => void query.refetch()} />;
  if (props.isEmpty?.(query.data))
    return <Empty message={props.emptyMessage ?? 'Nothing here yet.'} action={props.emptyAction} />;
  return <>{props.children(query.data)}</>;
}
