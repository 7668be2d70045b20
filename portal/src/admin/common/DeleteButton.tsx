import type { ReactNode } from 'react';
import { ConfirmButton } from './ConfirmButton';

/** Delete one record: red, with a trash icon, and only after the operator confirms. */
export function DeleteButton(props: {
  pending: boolean;
  disabled?: boolean;
  /** Row actions in tables are minimal; page actions are not. */
  variant?: 'minimal';
  /** What the dialog says: what goes and what stays. */
  children: ReactNode;
  onConfirm(): void;
}) {
  return (
    <ConfirmButton
      text="Delete"
      icon="trash"
      intent="danger"
      variant={props.variant}
      disabled={props.disabled}
      loading={props.pending}
      onConfirm={props.onConfirm}
    >
      {props.children}
    </ConfirmButton>
  );
}
