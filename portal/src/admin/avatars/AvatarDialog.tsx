import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, H5 } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import {
  AVATAR_FILE_FIELD,
  AVATAR_IMAGE_TYPES,
  DEMOGRAPHIC_KEYS,
  type DemographicKey,
} from '@ideamine/shared/contract/avatars';
import { useAuth } from '../../auth/AuthProvider';
import { FormErrorCallout, fieldProps } from '../../features/account/FormErrors';
import { fieldErrorOf } from '../../features/account/form-errors';
import { avatarKeys, createAvatar, updateAvatar, type Avatar, type AvatarInput } from '../api/avatars';
import { TextAreaField, TextField } from '../common/fields';
import { linesOf } from '../common/lines';
import { useAdminMutation } from '../common/use-admin-mutation';
import { AvatarImage, useObjectUrl } from './AvatarImage';

// Create or edit an avatar. A chosen image goes up as multipart with the JSON fields in their
// own part; an existing image can be kept, replaced or removed.

const DEMOGRAPHIC_LABELS: Record<DemographicKey, string> = {
  age_range: 'Age range',
  gender: 'Gender',
  location: 'Location',
  occupation: 'Occupation',
  income_level: 'Income level',
  education: 'Education',
};

const FIELDS = ['name', 'description', 'demographics', 'goals', 'pain_points', 'remove_image', AVATAR_FILE_FIELD];

interface Draft {
  name: string;
  description: string;
  demographics: Record<DemographicKey, string>;
  goals: string;
  pain_points: string;
  file: File | null;
  remove_image: boolean;
}

const draftOf = (a: Avatar | null): Draft => ({
  name: a?.name ?? '',
  description: a?.description ?? '',
  demographics: Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, a?.demographics[k] ?? ''])) as Record<
    DemographicKey,
    string
  >,
  goals: a?.goals.join('\n') ?? '',
  pain_points: a?.pain_points.join('\n') ?? '',
  file: null,
  remove_image: false,
});

const fieldsOf = (d: Draft): AvatarInput => ({
  name: d.name.trim(),
  description: d.description.trim(),
  demographics: Object.fromEntries(
    DEMOGRAPHIC_KEYS.flatMap((k) => (d.demographics[k].trim() ? [[k, d.demographics[k].trim()]] : [])),
  ),
  goals: linesOf(d.goals),
  pain_points: linesOf(d.pain_points),
});

export function AvatarDialog(props: { avatar: Avatar | null; onClose(): void }) {
  const { client } = useAuth();
  const { avatar } = props;
  const [draft, setDraft] = useState(() => draftOf(avatar));
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const preview = useObjectUrl(draft.file);
  const save = useAdminMutation({
    mutationFn: (d: Draft) =>
      avatar
        ? updateAvatar(
            client,
            avatar.id,
            { ...fieldsOf(d), ...(d.remove_image && !d.file ? { remove_image: true } : {}) },
            d.file,
          )
        : createAvatar(client, fieldsOf(d), d.file),
    invalidate: [avatarKeys.all],
    success: (a) => `Avatar ${a.name} ${avatar ? 'saved' : 'created'}`,
    errorFallback: 'Failed to save the avatar',
    toastErrors: false,
    onSuccess: props.onClose,
  });
  const error = save.error;
  const fileError = fieldErrorOf(error, AVATAR_FILE_FIELD);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  return (
    <Dialog
      isOpen
      title={avatar ? `Edit avatar: ${avatar.name}` : 'New avatar'}
      onClose={props.onClose}
      style={{ width: 640 }}
    >
      <form onSubmit={submit} aria-label="Avatar">
        <DialogBody>
          <FormErrorCallout error={error} fields={FIELDS} fallback="Failed to save the avatar" />
          <div className="im-avatar-head">
            {preview ? (
              <img className="im-avatar" src={preview} alt="Chosen image" style={{ width: 96, height: 96 }} />
            ) : avatar && !draft.remove_image ? (
              <AvatarImage avatar={avatar} size={96} />
            ) : (
              <AvatarImage avatar={{ ...(avatar ?? draftAvatar), has_image: false }} size={96} />
            )}
            <div style={{ flex: 1 }}>
              <FormGroup
                label="Profile image"
                labelFor="field-profile-file"
                {...fieldProps(fileError, 'PNG, JPEG, GIF or WebP; at most 2 MB unless the server says otherwise.')}
              >
                <FileInput
                  fill
                  text={draft.file ? draft.file.name : 'Choose an image...'}
                  hasSelection={!!draft.file}
                  inputProps={{
                    id: 'field-profile-file',
                    accept: AVATAR_IMAGE_TYPES.join(','),
                    'aria-label': 'Profile image',
                  }}
                  onInputChange={(e) => set({ file: e.currentTarget.files?.[0] ?? null, remove_image: false })}
                />
              </FormGroup>
              <div className="im-row">
                {draft.file && (
                  <Button size="small" text="Keep the current image" onClick={() => set({ file: null })} />
                )}
                {avatar?.has_image && !draft.file && (
                  <Checkbox
                    label="Remove the image"
                    checked={draft.remove_image}
                    onChange={(e) => set({ remove_image: e.currentTarget.checked })}
                  />
                )}
              </div>
            </div>
          </div>
          <TextField
            name="name"
            label="Name"
            required
            maxLength={120}
            error={error}
            value={draft.name}
            onChange={(name) => set({ name })}
          />
          <TextAreaField
            name="description"
            label="Description"
            rows={3}
            maxLength={2000}
            error={error}
            value={draft.description}
            onChange={(description) => set({ description })}
          />
          <H5>Demographics</H5>
          <div className="im-form-row">
            {DEMOGRAPHIC_KEYS.map((k) => (
              <TextField
                key={k}
                name={`demographics.${k}`}
                label={DEMOGRAPHIC_LABELS[k]}
                maxLength={100}
                error={error}
                value={draft.demographics[k]}
                onChange={(v) => set({ demographics: { ...draft.demographics, [k]: v } })}
              />
            ))}
          </div>
          <div className="im-form-row">
            <TextAreaField
              name="goals"
              label="Goals"
              rows={4}
              help="One per line, at most 20."
              error={error}
              value={draft.goals}
              onChange={(goals) => set({ goals })}
            />
            <TextAreaField
              name="pain_points"
              label="Pain points"
              rows={4}
              help="One per line, at most 20."
              error={error}
              value={draft.pain_points}
              onChange={(pain_points) => set({ pain_points })}
            />
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button
                type="submit"
                intent="primary"
                text={avatar ? 'Save' : 'Create avatar'}
                loading={save.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** A placeholder for the image slot of a new avatar. */
const draftAvatar: Avatar = {
  id: 0,
  user_id: 0,
  name: 'New avatar',
  description: '',
  demographics: Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, null])) as Avatar['demographics'],
  goals: [],
  pain_points: [],
  has_image: false,
  image_url: null,
  created_at: '',
  updated_at: '',
};
