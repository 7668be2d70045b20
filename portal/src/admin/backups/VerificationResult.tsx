import { Button, Callout, HTMLTable, Icon } from '@blueprintjs/core';
import { formatCount } from '@ideamine/shared/format';
import type { BackupVerification } from '../api/backups';

/** What a verification found: per table, the rows expected and restored and whether checksums match. */
export function VerificationResult(props: { result: BackupVerification; fileName: string; onClose(): void }) {
  const { result } = props;
  const mismatched = result.tables.filter((t) => !t.checksum_match || t.expected_rows !== t.restored_rows);
  return (
    <Callout
      intent={result.ok ? 'success' : 'danger'}
      title={result.ok ? `${props.fileName} verified` : `${props.fileName} failed verification`}
      className="im-section"
      role="status"
    >
      <p>
        {result.ok
          ? `Restored into a scratch database: all ${result.tables.length} tables have the expected rows and checksums.`
          : (result.error ?? `${mismatched.length} tables differ from the backup's record.`)}
      </p>
      <details>
        <summary>Tables</summary>
        <HTMLTable compact className="im-fill" aria-label="Verified tables">
          <thead>
            <tr>
              <th>Table</th>
              <th>Expected rows</th>
              <th>Restored rows</th>
              <th>Checksum</th>
            </tr>
          </thead>
          <tbody>
            {result.tables.map((t) => (
              <tr key={t.table}>
                <td>{t.table}</td>
                <td>{formatCount(t.expected_rows)}</td>
                <td>{formatCount(t.restored_rows)}</td>
                <td>
                  <Icon icon={t.checksum_match ? 'tick' : 'cross'} intent={t.checksum_match ? 'success' : 'danger'} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </details>
      <Button text="Close" variant="minimal" onClick={props.onClose} />
    </Callout>
  );
}
