import { H4 } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { jobKeys } from '../api/jobs';
import { deleteRawData, fetchRawData, rawDataKeys, type RawDataDetail } from '../api/raw-data';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import './raw-data.css';

// /admin/data/raw/{id}: one raw page's properties and its content as plain text in a scrolling
// block. Crawled HTML is never rendered as HTML (ARCHITECTURE s3): React puts it in a text node.

function RawDataView({ raw }: { raw: RawDataDetail }) {
  return (
    <>
      <PropertyList
        label="Properties"
        items={[
          ['Id', raw.id],
          ['URL', raw.url],
          ['Final URL', raw.final_url !== raw.url ? raw.final_url : null],
          ['Domain', raw.domain],
          ['Content type', raw.content_type],
          ['HTTP status', raw.http_status],
          ['Size', `${formatCount(raw.size_bytes)} bytes`],
          ['Content hash', <code key="h">{raw.content_hash}</code>],
          [
            'Job',
            raw.job_id === null ? (
              'Added by hand'
            ) : (
              <Link key="j" to="/admin/jobs/$id" params={{ id: String(raw.job_id) }}>
                Job {raw.job_id}
              </Link>
            ),
          ],
          ['Crawl task', raw.crawl_task_id],
          ['Created by', raw.created_by === null ? null : `User ${raw.created_by}`],
          ['Fetched', formatTimestamp(raw.fetched_at)],
          ['Updated', formatTimestamp(raw.updated_at)],
        ]}
      />
      <section className="im-section" aria-label="Content">
        <H4>Content</H4>
        <pre className="im-raw-content" aria-label="Raw content" tabIndex={0}>
          {raw.content}
        </pre>
      </section>
    </>
  );
}

export function RawDataDetailPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { id, query: raw } = useRecord(rawDataKeys.detail, fetchRawData);
  const remove = useAdminMutation({
    mutationFn: () => deleteRawData(client, id),
    invalidate: [rawDataKeys.all, jobKeys.all],
    success: 'Raw page deleted',
    errorFallback: 'Failed to delete the raw page',
    onSuccess: () => void navigate({ to: '/admin/data/raw' }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="raw page" back="/admin/data/raw" />;
  return (
    <AdminPage
      title={`Raw page ${id}`}
      description={raw.data?.url}
      actions={
        raw.data && (
          <>
            <ButtonLink to="/admin/data/raw/$id/edit" params={{ id: String(id) }} icon="edit" text="Edit" />
            <DeleteButton pending={remove.isPending} onConfirm={() => remove.mutate()}>
              Delete this raw page? Ideas already made from it stay.
            </DeleteButton>
          </>
        )
      }
    >
      <QueryState query={raw} errorFallback="Failed to fetch the raw page">
        {(r) => <RawDataView raw={r} />}
      </QueryState>
    </AdminPage>
  );
}
