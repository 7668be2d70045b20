import { Alert, Button, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';

/** A button that asks first (delete, cancel, restore): the action runs only on Confirm. */
export function ConfirmButton(props: {
  text: string;
  icon?: IconName;
  intent?: Intent;
  confirmText?: string;
  disabled?: boolean;
  loading?: boolean;
  variant?: 'solid' | 'minimal' | 'outlined';
  /** What the dialog says; the consequences in a sentence or two. */
  children: ReactNode;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        text={props.text}
        icon={props.icon}
        intent={props.intent}
        variant={props.variant}
        disabled={props.disabled}
        loading={props.loading}
        onClick={() => setOpen(true)}
      />
      <Alert
        isOpen={open}
        icon={props.icon}
        intent={props.intent ?? 'primary'}
        cancelButtonText="Cancel"
        confirmButtonText={props.confirmText ?? props.text}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          props.onConfirm();
        }}
      >
        {props.children}
      </Alert>
    </>
  );
}
