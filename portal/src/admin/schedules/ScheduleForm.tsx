import { H4, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { fieldErrorOf } from '../../features/account/form-errors';
import type { Schedule, ScheduleInput } from '../api/schedules';
import { AdminForm } from '../common/AdminForm';
import { crawlBodyOf, crawlDraftOf, NEW_CRAWL, type CrawlDraft } from '../common/crawl-settings';
import { CrawlSettingsFields } from '../common/CrawlSettingsFields';
import { FieldFrame, inputId, SwitchField, TextField } from '../common/fields';
import { describeCron } from './cron-hint';

// A schedule as a form: a name, a cron expression read back in plain English, an IANA time zone,
// whether it runs, and the job template (the crawl settings of the jobs it starts). The API
// judges the cron expression and names the field it refuses.

const T = 'job_template';
const FIELDS = ['name', 'cron', 'timezone', T, 'is_active'] as const;

export interface ScheduleDraft {
  name: string;
  cron: string;
  timezone: string;
  is_active: boolean;
  crawl: CrawlDraft;
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new schedule: every six hours in this browser's zone, off until switched on, one level deep. */
export const newScheduleDraft = (): ScheduleDraft => ({
  name: '',
  cron: '0 */6 * * *',
  timezone: browserZone(),
  is_active: false,
  crawl: { ...NEW_CRAWL, max_depth: 1 },
});

export const scheduleDraftOf = (s: Schedule): ScheduleDraft => ({
  name: s.name,
  cron: s.cron,
  timezone: s.timezone,
  is_active: s.is_active,
  crawl: crawlDraftOf(s.job_template),
});

const bodyOf = (d: ScheduleDraft): ScheduleInput => ({
  name: d.name.trim(),
  cron: d.cron.trim(),
  timezone: d.timezone.trim(),
  is_active: d.is_active,
  job_template: crawlBodyOf(d.crawl),
});

export function ScheduleForm(props: {
  initial: ScheduleDraft;
  submitText: string;
  pending: boolean;
  error: unknown;
  onSubmit(body: ScheduleInput): void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const set = (patch: Partial<ScheduleDraft>) => setDraft({ ...draft, ...patch });
  const error = props.error;
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const hint = describeCron(draft.cron);
  const zone = draft.timezone.trim();
  return (
    <AdminForm
      label="Schedule"
      maxWidth={760}
      fields={FIELDS}
      error={error}
      errorFallback="Failed to save the schedule"
      submitText={props.submitText}
      pending={props.pending}
      onSubmit={() => props.onSubmit(bodyOf(draft))}
    >
      <TextField
        name="name"
        label="Name"
        required
        maxLength={100}
        error={error}
        value={draft.name}
        onChange={(name) => set({ name })}
      />
      <div className="im-form-row">
        <FieldFrame name="cron" label="Cron" required error={error}>
          <InputGroup
            id={inputId('cron')}
            required
            className="bp6-monospace-text"
            placeholder="minute hour day-of-month month day-of-week"
            value={draft.cron}
            intent={fieldErrorOf(error, 'cron') ? 'danger' : undefined}
            onChange={(e) => set({ cron: e.currentTarget.value })}
          />
          <div className="bp6-form-helper-text" aria-live="polite">
            {hint
              ? `${hint} (${zone || 'UTC'})`
              : 'Five fields: minute hour day-of-month month day-of-week, e.g. 0 */6 * * *'}
          </div>
        </FieldFrame>
        <FieldFrame
          name="timezone"
          label="Time zone"
          error={error}
          help={
            zones.includes(zone) || zone === 'UTC'
              ? `IANA name. This browser: ${browserZone()}.`
              : 'Not a time zone this browser knows; the server decides.'
          }
        >
          <InputGroup
            id={inputId('timezone')}
            list="im-time-zones"
            placeholder="UTC or Europe/Berlin"
            value={draft.timezone}
            intent={fieldErrorOf(error, 'timezone') ? 'danger' : undefined}
            onChange={(e) => set({ timezone: e.currentTarget.value })}
          />
        </FieldFrame>
      </div>
      <datalist id="im-time-zones">
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <SwitchField
        name="is_active"
        label="Active"
        help="While off, the schedule keeps its settings but starts no jobs."
        error={error}
        checked={draft.is_active}
        onChange={(is_active) => set({ is_active })}
      />

      <H4>Job template</H4>
      <CrawlSettingsFields
        draft={draft.crawl}
        error={error}
        prefix={`${T}.`}
        urlPlaceholder="https://example.com/feed.xml"
        tagHelp="Labels the jobs it starts."
        onChange={(patch) => set({ crawl: { ...draft.crawl, ...patch } })}
      />
    </AdminForm>
  );
}
