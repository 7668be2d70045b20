import { Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { fetchSchemas, schemaKeys, type ExtractionSchema } from '../api/schemas';
import { AdminPage } from '../common/AdminPage';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';

// /admin/schemas: extraction schemas, the built-in ones first.

export const SCHEMA_TYPE_LABELS: Record<ExtractionSchema['type'], string> = {
  html: 'HTML page',
  feed: 'RSS / Atom / JSON feed',
  json: 'JSON API',
};

const fieldsText = (s: ExtractionSchema) =>
  Object.entries(s.fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');

const COLUMNS: DataColumn<ExtractionSchema>[] = [
  {
    id: 'name',
    name: 'Name',
    width: 200,
    text: (s) => s.name,
    render: (s) => (
      <Link to="/admin/schemas/$id" params={{ id: String(s.id) }}>
        {s.name}
      </Link>
    ),
  },
  { id: 'type', name: 'Type', width: 150, text: (s) => SCHEMA_TYPE_LABELS[s.type] },
  { id: 'item_selector', name: 'Item selector', width: 110, text: (s) => s.item_selector ?? '' },
  { id: 'fields', name: 'Fields', width: 230, text: fieldsText },
  { id: 'follow_patterns', name: 'Follow', width: 60, text: (s) => String(s.follow_patterns.length) },
  {
    id: 'is_builtin',
    name: 'Origin',
    width: 80,
    text: (s) => (s.is_builtin ? 'Built-in' : 'Custom'),
    render: (s) =>
      s.is_builtin ? (
        <Tag minimal>Built-in</Tag>
      ) : (
        <Tag minimal intent="primary">
          Custom
        </Tag>
      ),
  },
  { id: 'updated_at', name: 'Updated', width: 130, text: (s) => formatTimestamp(s.updated_at) },
];

export function SchemasPage() {
  const { client, user } = useAuth();
  const rows = useRemoteRows({
    queryKey: [...schemaKeys.all, 'list'],
    fetchPage: (page, size) => fetchSchemas(client, page, size),
  });
  return (
    <AdminPage
      title="Schemas"
      description="How the transform stage turns a fetched page into ideas: HTML selectors, feeds, or JSON paths."
      actions={
        can(user, 'schemas', 'write') && (
          <ButtonLink to="/admin/schemas/new" intent="primary" icon="add" text="New schema" />
        )
      }
    >
      <DataTable
        label="Schemas"
        columns={COLUMNS}
        rows={rows}
        rowKey={(s) => s.id}
        unit="schemas"
        emptyMessage="No schemas yet."
        errorFallback="Failed to fetch schemas"
      />
    </AdminPage>
  );
}
