import { Card, H4, Switch, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@ideamine/shared/permissions';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { Loading } from '../../features/common/QueryState';
import { useNotifications } from '../../layout/Notifications';
import { fetchSchedules, scheduleKeys, updateSchedule, type Schedule } from '../api/schedules';
import { describeCron } from './cron-hint';

// The built-in sources Ideamine knows (Hacker News, subreddits where people ask for tools,
// feature-request feeds), each a schedule that ships switched off: one switch starts crawling it
// on its schedule. Shown on the schedules screen and on an empty operations dashboard.

/** Built-in schedules fit on one page of the list; the catalogue is a handful. */
const CATALOGUE_SIZE = 100;

const hostOf = (schedule: Schedule) => {
  try {
    return new URL(String(schedule.job_template.initial_url)).host;
  } catch {
    return '';
  }
};

export function SourcesCatalogue(props: { title?: string }) {
  const { client, user } = useAuth();
  const { notify } = useNotifications();
  const queryClient = useQueryClient();
  const canWrite = can(user, 'schedules', 'write');
  const list = useQuery({
    queryKey: [...scheduleKeys.all, 'catalogue'],
    queryFn: () => fetchSchedules(client, undefined, 1, CATALOGUE_SIZE),
  });
  const toggle = useMutation({
    mutationFn: (s: { id: number; name: string; on: boolean }) => updateSchedule(client, s.id, { is_active: s.on }),
    onSuccess: async (_, s) => {
      notify(s.on ? `${s.name} is on: it is crawled on its schedule` : `${s.name} is off`, 'success');
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    onError: (error) => notify(messageOf(error, 'The source could not be switched'), 'error'),
  });
  const builtins = (list.data?.items ?? []).filter((s) => s.is_builtin);
  return (
    <Card className="im-section" role="region" aria-label="Sources">
      <H4>{props.title ?? 'Sources'}</H4>
      <p className="im-muted">
        Public places where people ask for products and tools. Each is a schedule that starts switched off; switch one
        on and it is crawled on its schedule, its posts read, scored and, when they are ideas, published.
      </p>
      {list.isPending && <Loading label="Loading the sources..." />}
      {list.error && <p>{messageOf(list.error, 'The sources could not be loaded')}</p>}
      <ul className="im-source-list">
        {builtins.map((s) => (
          <li key={s.id}>
            <Switch
              role="switch"
              checked={s.is_active}
              disabled={!canWrite || toggle.isPending}
              label={s.name}
              aria-label={`Crawl ${s.name}`}
              onChange={(e) => toggle.mutate({ id: s.id, name: s.name, on: e.currentTarget.checked })}
            />
            <span className="im-muted">
              {hostOf(s)} · {describeCron(s.cron)}
            </span>{' '}
            {s.is_active && (
              <Tag minimal intent="success">
                on
              </Tag>
            )}
          </li>
        ))}
      </ul>
      {!canWrite && <p className="im-muted">Switching sources needs the schedules:write permission.</p>}
    </Card>
  );
}
