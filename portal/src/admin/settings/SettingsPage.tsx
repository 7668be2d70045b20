import { Button, Code, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { deleteSetting, fetchSettings, settingKeys, type Setting } from '../api/settings';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { useAdminMutation } from '../common/use-admin-mutation';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useLocalRows } from '../table/row-source';
import { EditSettingDialog, NewSettingDialog } from './SettingDialogs';
import { valueText } from './setting-value';
import './settings.css';

// /admin/settings: every known setting with its value, default and description (settings:read).
// Admins (settings:write) change a value with the editor its type calls for (a switch for
// booleans, a number field, a text field, JSON for lists), set one by key, or delete the stored
// value so the default applies again (spec s5: 'Setting deleted successfully' when the API's
// answer carries no message of its own).

export const DELETE_FALLBACK = 'Setting deleted successfully';

function RowActions({ setting, onEdit }: { setting: Setting; onEdit(): void }) {
  const { client } = useAuth();
  const remove = useAdminMutation({
    mutationFn: () => deleteSetting(client, setting.key),
    invalidate: [settingKeys.all],
    success: (r) => r?.message || DELETE_FALLBACK,
    errorFallback: 'Failed to delete the setting',
  });
  return (
    <span className="im-setting-actions" role="group" aria-label={`Actions for ${setting.key}`}>
      <Button
        size="small"
        variant="minimal"
        icon="edit"
        text="Edit"
        aria-label={`Edit ${setting.key}`}
        onClick={onEdit}
      />
      <DeleteButton
        variant="minimal"
        disabled={setting.is_default}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      >
        Delete the stored value of <Code>{setting.key}</Code>? The setting returns to its default,{' '}
        <Code>{valueText(setting.default)}</Code>.
      </DeleteButton>
    </span>
  );
}

export function SettingsPage() {
  const { client, user } = useAuth();
  const canWrite = can(user, 'settings', 'write');
  const settings = useQuery({ queryKey: settingKeys.all, queryFn: () => fetchSettings(client) });
  const rows = useLocalRows(settings);
  const [editing, setEditing] = useState<Setting | null>(null);
  const [creating, setCreating] = useState(false);
  const columns: DataColumn<Setting>[] = [
    { id: 'key', name: 'Key', width: 220, text: (s) => s.key, render: (s) => <Code>{s.key}</Code> },
    ...(canWrite
      ? [
          {
            id: 'actions',
            name: 'Actions',
            width: 140,
            text: () => '',
            render: (s: Setting) => <RowActions setting={s} onEdit={() => setEditing(s)} />,
          },
        ]
      : []),
    { id: 'value', name: 'Value', width: 140, text: (s) => valueText(s.value) },
    { id: 'default', name: 'Default', width: 130, text: (s) => valueText(s.default) },
    {
      id: 'is_default',
      name: 'State',
      width: 80,
      text: (s) => (s.is_default ? 'Default' : 'Changed'),
      render: (s) =>
        s.is_default ? (
          <Tag minimal>Default</Tag>
        ) : (
          <Tag minimal intent="primary">
            Changed
          </Tag>
        ),
    },
    { id: 'description', name: 'Description', width: 300, text: (s) => s.description },
    {
      id: 'updated_at',
      name: 'Updated',
      width: 110,
      text: (s) => (s.updated_at ? formatTimestamp(s.updated_at) : '—'),
    },
  ];
  return (
    <AdminPage
      title="Settings"
      description={
        canWrite
          ? 'System settings. A changed value applies at once; deleting it returns the setting to its default.'
          : 'System settings. Only admins can change them.'
      }
      actions={
        canWrite && (
          <Button
            intent="primary"
            icon="add"
            text="New setting"
            disabled={!settings.data}
            onClick={() => setCreating(true)}
          />
        )
      }
    >
      <DataTable
        label="Settings"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.key}
        unit="settings"
        emptyMessage="No settings are known to this server."
        errorFallback="Failed to fetch settings"
        height={640}
      />
      {editing && <EditSettingDialog setting={editing} onClose={() => setEditing(null)} />}
      {creating && settings.data && <NewSettingDialog settings={settings.data} onClose={() => setCreating(false)} />}
    </AdminPage>
  );
}
