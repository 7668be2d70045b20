import { Button, Code, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { ApiClientError } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { FormErrorCallout } from '../../features/account/FormErrors';
import { fieldErrorOf } from '../../features/account/form-errors';
import { createSetting, settingKeys, updateSetting, type Setting } from '../api/settings';
import { FieldFrame, inputId } from '../common/fields';
import { useAdminMutation } from '../common/use-admin-mutation';
import { kindOf, valueDraftOf, valueOf, valueText, type Kind, type ValueDraft } from './setting-value';
import { ValueEditor } from './ValueEditor';

// Change a setting's value, or set one by key. Both check the value here first (a number, valid
// JSON) so a typo shows under the value without a round trip, then let the API judge it.

const FAILED = 'Failed to save the setting';

function useSaveSetting<B>(send: (body: B) => Promise<Setting>, onClose: () => void) {
  const [localError, setLocalError] = useState<ApiClientError | null>(null);
  const save = useAdminMutation({
    mutationFn: send,
    invalidate: [settingKeys.all],
    success: (s) => `${s.key} set to ${valueText(s.value)}`,
    errorFallback: FAILED,
    toastErrors: false,
    onSuccess: onClose,
  });
  return {
    error: localError ?? save.error,
    pending: save.isPending,
    clearError: () => setLocalError(null),
    /** Sends the draft's value (wrapped by `bodyOf`) unless it is refused here. */
    submit(draft: ValueDraft, bodyOf: (value: unknown) => B) {
      const v = valueOf(draft);
      if ('error' in v) return setLocalError(v.error);
      setLocalError(null);
      save.mutate(bodyOf(v.value));
    },
  };
}

function SettingDialog(props: {
  title: string;
  submitText: string;
  pending: boolean;
  children: ReactNode;
  onClose(): void;
  onSubmit(): void;
}) {
  return (
    <Dialog isOpen title={props.title} onClose={props.onClose}>
      <form
        aria-label={props.title}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <DialogBody>{props.children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text={props.submitText} loading={props.pending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export function EditSettingDialog({ setting, onClose }: { setting: Setting; onClose(): void }) {
  const { client } = useAuth();
  const [draft, setDraft] = useState(() => valueDraftOf(kindOf(setting.default ?? setting.value), setting.value));
  const save = useSaveSetting((value: unknown) => updateSetting(client, setting.key, value), onClose);
  return (
    <SettingDialog
      title={`Edit ${setting.key}`}
      submitText="Save"
      pending={save.pending}
      onClose={onClose}
      onSubmit={() => save.submit(draft, (value) => value)}
    >
      <p className="im-muted">{setting.description}</p>
      <FormErrorCallout error={save.error} fields={['value']} fallback={FAILED} />
      <ValueEditor
        draft={draft}
        error={save.error}
        onChange={(d) => {
          setDraft(d);
          save.clearError();
        }}
      />
      <p className="im-muted">
        Default: <Code>{valueText(setting.default)}</Code>
      </p>
    </SettingDialog>
  );
}

export function NewSettingDialog({ settings, onClose }: { settings: Setting[]; onClose(): void }) {
  const { client } = useAuth();
  const [key, setKey] = useState('');
  const known = settings.find((s) => s.key === key.trim());
  const kind: Kind = known ? kindOf(known.default ?? known.value) : 'json';
  const [draft, setDraft] = useState<ValueDraft>(() => valueDraftOf('json', null));
  // A known key brings its own kind (and current value) as soon as it is typed.
  const current = draft.kind === kind ? draft : valueDraftOf(kind, known?.value ?? null);
  const save = useSaveSetting(
    (body: { key: string; value: unknown }) => createSetting(client, body.key, body.value),
    onClose,
  );
  return (
    <SettingDialog
      title="New setting"
      submitText="Create setting"
      pending={save.pending}
      onClose={onClose}
      onSubmit={() => save.submit(current, (value) => ({ key: key.trim(), value }))}
    >
      <FormErrorCallout error={save.error} fields={['key', 'value']} fallback={FAILED} />
      <FieldFrame
        name="key"
        label="Key"
        required
        error={save.error}
        help={known ? known.description : 'Pick a known key; the server refuses others.'}
      >
        <InputGroup
          id={inputId('key')}
          list="im-setting-keys"
          value={key}
          autoFocus
          intent={fieldErrorOf(save.error, 'key') ? 'danger' : undefined}
          onChange={(e) => {
            setKey(e.currentTarget.value);
            save.clearError();
          }}
        />
        <datalist id="im-setting-keys">
          {settings.map((s) => (
            <option key={s.key} value={s.key}>
              {s.is_default ? 'default' : 'set'}
            </option>
          ))}
        </datalist>
      </FieldFrame>
      <ValueEditor
        draft={current}
        error={save.error}
        onChange={(d) => {
          setDraft(d);
          save.clearError();
        }}
      />
    </SettingDialog>
  );
}
