import { HTMLSelect } from '@blueprintjs/core';
import type { CrawlDraft } from './crawl-settings';
import { FieldFrame, inputId, NumberField, SwitchField, TextAreaField, TextField } from './fields';
import { SchemaPicker } from './SchemaPicker';

// The crawl settings of a new job and of a schedule's job template: start URL, tag, schema,
// budget (pages, depth, time), scope and URL patterns. `prefix` is where the API puts them in
// the body ('job_template.' for schedules), so its refusals show under the right field.

export function CrawlSettingsFields(props: {
  draft: CrawlDraft;
  error: unknown;
  prefix?: string;
  /** What differs between a job started now and one a schedule starts. */
  urlPlaceholder: string;
  tagHelp: string;
  onChange(patch: Partial<CrawlDraft>): void;
}) {
  const { draft, error, onChange: set } = props;
  const name = (field: keyof CrawlDraft) => `${props.prefix ?? ''}${field}`;
  return (
    <>
      <TextField
        name={name('initial_url')}
        label="Start URL"
        required
        placeholder={props.urlPlaceholder}
        help="Where the crawl starts: a page, a sitemap or a feed."
        error={error}
        value={draft.initial_url}
        onChange={(initial_url) => set({ initial_url })}
      />
      <div className="im-form-row">
        <TextField
          name={name('tag')}
          label="Tag"
          maxLength={100}
          help={props.tagHelp}
          error={error}
          value={draft.tag}
          onChange={(tag) => set({ tag })}
        />
        <SchemaPicker
          name={name('schema_id')}
          help="Automatic: detected from each page."
          error={error}
          value={draft.schema_id}
          onChange={(schema_id) => set({ schema_id })}
        />
      </div>
      <div className="im-form-row">
        <NumberField
          name={name('max_pages')}
          label="Max pages"
          min={1}
          max={10_000}
          error={error}
          value={draft.max_pages}
          onChange={(max_pages) => set({ max_pages })}
        />
        <NumberField
          name={name('max_depth')}
          label="Max depth"
          min={0}
          max={10}
          help="Links followed from the start URL; 0 fetches only it."
          error={error}
          value={draft.max_depth}
          onChange={(max_depth) => set({ max_depth })}
        />
        <NumberField
          name={name('time_limit_seconds')}
          label="Time limit (s)"
          min={10}
          max={86_400}
          help="Empty: the default."
          error={error}
          value={draft.time_limit_seconds}
          onChange={(time_limit_seconds) => set({ time_limit_seconds })}
        />
      </div>
      <SwitchField
        name={name('same_domain')}
        label="Stay on the start URL's domain"
        error={error}
        checked={draft.same_domain}
        onChange={(same_domain) => set({ same_domain })}
      />
      <FieldFrame
        name={name('follow_feed_items')}
        label="Feed items"
        help="Read each item's own page for its full text. Its fetch counts toward Max pages."
        error={error}
      >
        <HTMLSelect
          id={inputId(name('follow_feed_items'))}
          value={draft.follow_feed_items}
          onChange={(e) => set({ follow_feed_items: e.currentTarget.value as CrawlDraft['follow_feed_items'] })}
        >
          <option value="auto">Read in full when the feed gives under 300 characters</option>
          <option value="always">Always read in full</option>
          <option value="never">Use the feed's text only</option>
        </HTMLSelect>
      </FieldFrame>
      <div className="im-form-row">
        <TextAreaField
          name={name('include_patterns')}
          label="Include patterns"
          code
          rows={3}
          help="Regular expressions, one per line: only matching URLs are crawled."
          error={error}
          value={draft.include_patterns}
          onChange={(include_patterns) => set({ include_patterns })}
        />
        <TextAreaField
          name={name('exclude_patterns')}
          label="Exclude patterns"
          code
          rows={3}
          help="Regular expressions, one per line: matching URLs are skipped."
          error={error}
          value={draft.exclude_patterns}
          onChange={(exclude_patterns) => set({ exclude_patterns })}
        />
      </div>
    </>
  );
}
