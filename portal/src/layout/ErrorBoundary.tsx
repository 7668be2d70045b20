import { Button, Collapse, NonIdealState } from '@blueprintjs/core';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';

// The global error boundary of spec s2: 'Something went wrong' with Try Again, Reload Page and a
// details toggle showing the message and stack.

export function ErrorScreen(props: { error: Error; onReset?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <NonIdealState
      icon="error"
      title="Something went wrong"
      description={
        <div>
          <div className="im-row">
            {props.onReset && <Button intent="primary" text="Try Again" onClick={props.onReset} />}
            <Button text="Reload Page" onClick={() => window.location.reload()} />
            <Button variant="minimal" text={open ? 'Hide details' : 'Show details'} onClick={() => setOpen(!open)} />
          </div>
          <Collapse isOpen={open}>
            <pre className="im-error-details">
              {props.error.message}
              {'\n'}
              {props.error.stack}
            </pre>
          </Collapse>
        </div>
      }
    />
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error in the portal', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    // Moving to another page clears the error.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error)
      return <ErrorScreen error={this.state.error} onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
