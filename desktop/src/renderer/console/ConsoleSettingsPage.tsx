import { Button, Callout, Card, FormGroup, H2, H5, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatCount, formatCountOf, formatTimestamp } from '@ideamine/shared/format';
import { fieldProps } from '@ideamine/portal/features/account/FormErrors';
import { QueryState } from '@ideamine/portal/features/common/QueryState';
import { useNotifications } from '@ideamine/portal/layout/Notifications';
import { useConsole } from '../console-context';

// The console's own settings: the server, notifications, and the metrics cache's retention and
// size cap with what it holds now.

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fieldError = (error: unknown, field: string) =>
  (error as { field?: string } | null)?.field === field ? (error as Error).message : undefined;

function ServerForm() {
  const { settings, saveSettings } = useConsole();
  const [url, setUrl] = useState(settings.server_url);
  const [error, setError] = useState<unknown>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const saved = await saveSettings({ server_url: url });
      // The window's content policy names the server: load the page again under the new one.
      if (saved.server_url !== settings.server_url) window.location.assign('/console/sign-in');
    } catch (err) {
      setError(err);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Server">
      <FormGroup
        label="Ideamine server"
        labelFor="console-server"
        {...fieldProps(
          fieldError(error, 'server_url'),
          'The address of the Ideamine server, e.g. https://ideamine.example.com',
        )}
      >
        <InputGroup id="console-server" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
      </FormGroup>
      <Button type="submit" text="Save server" icon="floppy-disk" disabled={url.trim() === settings.server_url} />
    </form>
  );
}

function CachePanel() {
  const { api } = useConsole();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const stats = useQuery({ queryKey: ['console', 'cache-stats'], queryFn: () => api.cacheStats({}) });
  const [draft, setDraft] = useState<{ retention_days?: number; max_megabytes?: number }>({});
  const [error, setError] = useState<unknown>(null);
  async function submit(e: FormEvent, current: { retention_days: number; max_megabytes: number }) {
    e.preventDefault();
    setError(null);
    try {
      const next = await api.cacheConfigure({
        retention_days: draft.retention_days ?? current.retention_days,
        max_megabytes: draft.max_megabytes ?? current.max_megabytes,
      });
      queryClient.setQueryData(['console', 'cache-stats'], next);
      setDraft({});
      notify(`Cache keeps ${next.retention_days} days, at most ${formatCount(next.max_megabytes)} MB`, 'success');
    } catch (err) {
      setError(err);
    }
  }
  return (
    <Card className="im-section" role="region" aria-label="Metrics cache">
      <H5>Metrics cache</H5>
      <QueryState query={stats} errorFallback="Failed to read the cache">
        {(s) => (
          <>
            <p>
              {formatCountOf(s.snapshots, 'snapshot')} of {formatCountOf(s.keys, 'call')}, {megabytes(s.file_bytes)} on
              disk
              {s.oldest_at && ` · from ${formatTimestamp(s.oldest_at)} to ${formatTimestamp(s.newest_at)}`}
            </p>
            {!!error && !fieldError(error, 'retention_days') && !fieldError(error, 'max_megabytes') && (
              <Callout intent="danger" icon="error" className="im-section">
                {(error as Error).message}
              </Callout>
            )}
            <form onSubmit={(e) => void submit(e, s)} aria-label="Cache limits" className="im-form-row">
              <FormGroup
                label="Keep snapshots for (days)"
                labelFor="cache-retention"
                {...fieldProps(fieldError(error, 'retention_days'))}
              >
                <NumericInput
                  id="cache-retention"
                  min={1}
                  max={365}
                  value={draft.retention_days ?? s.retention_days}
                  onValueChange={(v) => setDraft({ ...draft, retention_days: v })}
                />
              </FormGroup>
              <FormGroup
                label="Size cap (MB)"
                labelFor="cache-cap"
                {...fieldProps(fieldError(error, 'max_megabytes'), 'The newest snapshot of every call is always kept.')}
              >
                <NumericInput
                  id="cache-cap"
                  min={10}
                  max={20000}
                  value={draft.max_megabytes ?? s.max_megabytes}
                  onValueChange={(v) => setDraft({ ...draft, max_megabytes: v })}
                />
              </FormGroup>
              <div>
                <Button type="submit" text="Apply and prune" icon="clean" />
              </div>
            </form>
          </>
        )}
      </QueryState>
    </Card>
  );
}

export function ConsoleSettingsPage() {
  const { settings, saveSettings, api } = useConsole();
  const info = useQuery({ queryKey: ['console', 'app-info'], queryFn: () => api.appInfo({}) });
  return (
    <div>
      <H2>Console settings</H2>
      <Card className="im-section">
        <ServerForm />
      </Card>
      <Card className="im-section">
        <Switch
          label="Native notifications when the dead letter queue or an error rate crosses its threshold"
          checked={settings.notifications}
          onChange={(e) => void saveSettings({ notifications: e.currentTarget.checked })}
        />
      </Card>
      <CachePanel />
      {info.data && (
        <Card className="im-section">
          <H5>About</H5>
          <p className="im-muted">
            Version {info.data.version} on {info.data.platform} · cache at {info.data.cache_file}
          </p>
          {!info.data.secure_storage && (
            <Callout intent="warning" icon="lock">
              This system has no key store: the session is kept in memory only, so you sign in again after a restart.
            </Callout>
          )}
        </Card>
      )}
    </div>
  );
}
