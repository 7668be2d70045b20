import { Button, Callout, Card, H5, Spinner, Tooltip } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import type { WidgetData } from './use-widget-data';

/** The frame of every dashboard widget: title, Last updated, Refresh (disabled while loading),
 * the sample-data banner, and loading and empty states. */
export function Widget<T>(props: {
  title: string;
  widget: WidgetData<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { widget } = props;
  const data = widget.data;
  return (
    <Card className="im-widget" aria-label={props.title} role="region">
      <div className="im-widget-head">
        <H5>{props.title}</H5>
        <div className="im-row">
          {props.actions}
          <Tooltip content="Refresh">
            <Button
              variant="minimal"
              icon={widget.loading ? <Spinner size={16} /> : 'refresh'}
              disabled={widget.loading}
              aria-label={`Refresh ${props.title}`}
              onClick={widget.refresh}
            />
          </Tooltip>
        </div>
      </div>
      <div className="im-muted im-widget-updated">
        Last updated {widget.updatedAt ? formatTimestamp(widget.updatedAt) : '…'}
      </div>
      {widget.banner && (
        <Callout intent="warning" compact className="im-section" role="alert">
          {widget.banner}
        </Callout>
      )}
      {data === undefined ? (
        <div className="im-loading">
          <Spinner size={24} />
        </div>
      ) : props.isEmpty?.(data) ? (
        <p className="im-muted">{props.empty}</p>
      ) : (
        props.children(data)
      )}
    </Card>
  );
}
