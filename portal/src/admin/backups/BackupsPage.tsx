import { Button, Callout, Card, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { messageOf } from '../../api/errors';
import { Empty, QueryState } from '../../features/common/QueryState';
import { useNotifications } from '../../layout/Notifications';
import {
  backupKeys,
  createBackup,
  deleteBackup,
  downloadBackup,
  fetchBackups,
  restoreBackup,
  verifyBackup,
  type Backup,
  type BackupVerification,
} from '../api/backups';
import { AdminPage } from '../common/AdminPage';
import { ConfirmButton } from '../common/ConfirmButton';
import { DeleteButton } from '../common/DeleteButton';
import { useAdminMutation } from '../common/use-admin-mutation';
import { Pager } from '../../features/common/Pager';
import { BackupSchedulePanel } from './BackupSchedulePanel';
import { VerificationResult } from './VerificationResult';
import { TableScroll } from '../../features/common/TableScroll';

// /admin/backup and /admin/backup-v2: create a consistent snapshot, verify it in a scratch
// database, download it, restore it (after confirmation), and set the schedule and retention.

const PAGE_SIZE = 20;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function VerifiedTag({ backup }: { backup: Backup }) {
  if (backup.verify_ok === null) return <Tag minimal>Not verified</Tag>;
  return backup.verify_ok ? (
    <Tag minimal intent="success" icon="tick">
      Verified {formatTimestamp(backup.verified_at)}
    </Tag>
  ) : (
    <Tag minimal intent="danger" icon="error">
      Verification failed
    </Tag>
  );
}

function BackupRow(props: { backup: Backup; onVerified(result: BackupVerification, backup: Backup): void }) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const { backup } = props;
  const [downloading, setDownloading] = useState(false);
  const verify = useAdminMutation({
    mutationFn: () => verifyBackup(client, backup.id),
    invalidate: [backupKeys.all],
    success: (r) => (r.ok ? `Backup ${backup.file_name} verified` : `Backup ${backup.file_name} failed verification`),
    errorFallback: 'Failed to verify the backup',
    onSuccess: (result) => props.onVerified(result, backup),
  });
  const restore = useAdminMutation({
    mutationFn: () => restoreBackup(client, backup.id),
    // Every record changed: nothing cached is still true.
    invalidate: [],
    success: `Restored ${backup.file_name}: every record is now as it was at ${formatTimestamp(backup.created_at)}`,
    errorFallback: 'Failed to restore the backup',
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  const remove = useAdminMutation({
    mutationFn: () => deleteBackup(client, backup.id),
    invalidate: [backupKeys.all],
    success: (r) => r.message || 'Backup deleted',
    errorFallback: 'Failed to delete the backup',
  });
  const busy = verify.isPending || restore.isPending || remove.isPending;

  async function download() {
    setDownloading(true);
    try {
      await downloadBackup(client, backup);
    } catch (error) {
      notify(messageOf(error, 'Failed to download the backup'), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <tr aria-label={`Backup ${backup.file_name}`}>
      <td>
        <div>{backup.file_name}</div>
        <div className="im-muted">
          {formatTimestamp(backup.created_at)} · <Tag minimal>{backup.kind}</Tag>
        </div>
      </td>
      <td>{megabytes(backup.size_bytes)}</td>
      <td>
        {formatCount(backup.total_rows)} rows in {formatCount(backup.tables.length)} tables
      </td>
      <td>
        <VerifiedTag backup={backup} />
        {backup.restored_at && <div className="im-muted">Restored {formatTimestamp(backup.restored_at)}</div>}
      </td>
      <td>
        <div className="im-row">
          <Button
            icon="confirm"
            text="Verify"
            loading={verify.isPending}
            disabled={busy}
            onClick={() => verify.mutate()}
          />
          <Button icon="download" text="Download" loading={downloading} onClick={() => void download()} />
          <ConfirmButton
            text="Restore"
            icon="history"
            intent="warning"
            confirmText="Restore this backup"
            loading={restore.isPending}
            disabled={busy}
            onConfirm={() => restore.mutate()}
          >
            <p>
              Restore <strong>{backup.file_name}</strong>? Every record (ideas, jobs, users, settings...) is replaced
              with the backup's, as it was at {formatTimestamp(backup.created_at)}. Changes made since then are lost.
            </p>
            <p>The file is checked first; if anything is wrong, nothing is touched. Restore onto a quiet system.</p>
          </ConfirmButton>
          <DeleteButton variant="minimal" pending={remove.isPending} disabled={busy} onConfirm={() => remove.mutate()}>
            Delete {backup.file_name} and its file? This cannot be undone.
          </DeleteButton>
        </div>
      </td>
    </tr>
  );
}

export function BackupsPage() {
  const { client } = useAuth();
  const [page, setPage] = useState(1);
  const [verification, setVerification] = useState<{ result: BackupVerification; backup: Backup } | null>(null);
  const backups = useQuery({
    queryKey: [...backupKeys.all, 'list', page],
    queryFn: () => fetchBackups(client, page, PAGE_SIZE),
  });
  const create = useAdminMutation({
    mutationFn: () => createBackup(client),
    invalidate: [backupKeys.all],
    success: (b) => `Backup ${b.file_name} created (${formatCount(b.total_rows)} rows)`,
    errorFallback: 'Failed to create the backup',
  });
  return (
    <AdminPage
      title="Backups"
      description="Consistent snapshots of every table, compressed. Verify restores a backup into a scratch database and compares every table; restore replaces the data all or nothing."
      actions={
        <Button
          intent="primary"
          icon="floppy-disk"
          text="Create backup"
          loading={create.isPending}
          onClick={() => create.mutate()}
        />
      }
    >
      {create.isPending && (
        <Callout intent="primary" icon="time" className="im-section">
          Writing the snapshot... large databases take a while; the backup appears in the list when it is complete.
        </Callout>
      )}
      <BackupSchedulePanel />
      {verification && (
        <VerificationResult
          result={verification.result}
          fileName={verification.backup.file_name}
          onClose={() => setVerification(null)}
        />
      )}
      <Card className="im-section">
        <H5>Stored backups</H5>
        <QueryState query={backups} errorFallback="Failed to fetch backups">
          {(data) =>
            data.items.length === 0 ? (
              <Empty message="No backups yet. Create one now, or set a schedule above." />
            ) : (
              <>
                <TableScroll label="Backups">
                  <HTMLTable compact striped className="im-fill" aria-label="Backups">
                    <thead>
                      <tr>
                        <th>Backup</th>
                        <th>Size</th>
                        <th>Contents</th>
                        <th>State</th>
                        <th>Actions</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.items.map((backup) => (
                        <BackupRow
                          key={backup.id}
                          backup={backup}
                          onVerified={(result, b) => setVerification({ result, backup: b })}
                        />
                      ))}
                    </tbody>
                  </HTMLTable>
                </TableScroll>
                <Pager pagination={data.pagination} onPage={setPage} unit={['backup', 'backups']} />
              </>
            )
          }
        </QueryState>
      </Card>
    </AdminPage>
  );
}
