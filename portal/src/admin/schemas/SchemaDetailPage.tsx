import { Code, H4, Tag } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { deleteSchema, fetchSchema, schemaKeys } from '../api/schemas';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { SkippedPatterns } from '../common/SkippedPatterns';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import { SCHEMA_TYPE_LABELS } from './SchemasPage';

// /admin/schemas/{id}: one extraction schema; edit (schemas:write) and delete (schemas:delete;
// built-in schemas stay).

export function SchemaDetailPage() {
  const { client, user } = useAuth();
  const navigate = useNavigate();
  const { id, query: schema } = useRecord(schemaKeys.detail, fetchSchema);
  const remove = useAdminMutation({
    mutationFn: () => deleteSchema(client, id),
    invalidate: [schemaKeys.all],
    success: (r) => r.message || 'Schema deleted',
    errorFallback: 'Failed to delete the schema',
    onSuccess: () => void navigate({ to: '/admin/schemas' }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="schema" back="/admin/schemas" />;
  const data = schema.data;
  return (
    <AdminPage
      title={data?.name ?? 'Schema'}
      description={data?.description}
      actions={
        data && (
          <>
            {can(user, 'schemas', 'write') && (
              <ButtonLink to="/admin/schemas/$id/edit" params={{ id: String(id) }} icon="edit" text="Edit" />
            )}
            {can(user, 'schemas', 'delete') && (
              <DeleteButton disabled={data.is_builtin} pending={remove.isPending} onConfirm={() => remove.mutate()}>
                Delete the schema “{data.name}”? This cannot be undone; jobs that used it keep what they produced.
              </DeleteButton>
            )}
          </>
        )
      }
    >
      <QueryState query={schema} errorFallback="Failed to fetch the schema">
        {(s) => (
          <>
            <PropertyList
              label="Schema"
              items={[
                ['Id', s.id],
                ['Type', SCHEMA_TYPE_LABELS[s.type]],
                ['Item selector', s.item_selector ? <Code key="sel">{s.item_selector}</Code> : null],
                [
                  'Origin',
                  s.is_builtin ? (
                    <Tag key="b" minimal>
                      Built-in (cannot be deleted)
                    </Tag>
                  ) : (
                    'Custom'
                  ),
                ],
                ['Created', formatTimestamp(s.created_at)],
                ['Updated', formatTimestamp(s.updated_at)],
              ]}
            />
            <H4>Fields</H4>
            {Object.keys(s.fields).length ? (
              <pre className="im-pre bp6-code-block" aria-label="Fields">
                {JSON.stringify(s.fields, null, 2)}
              </pre>
            ) : (
              <p className="im-muted">None: the page&apos;s main text is found automatically.</p>
            )}
            <H4>Follow patterns</H4>
            {s.follow_patterns.length ? (
              <ul>
                {s.follow_patterns.map((p) => (
                  <li key={p}>
                    <Code>{p}</Code>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="im-muted">None.</p>
            )}
            <SkippedPatterns
              problems={s.pattern_problems}
              fix="Edit the schema and rewrite these patterns; until then jobs using it follow links as if they were absent."
            />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
