import { Alert, Button, Callout, ControlGroup, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Project } from '@ideamine/shared/contract/projects';
import { formatTimestamp } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { projectQuery, useShareProject, useUnshareProject, type ShareLink } from '../../queries/projects';
import { QueryState } from '../common/QueryState';
import { shareUrl } from './share-url';

// /my/projects/$id/share: create the read-only link, copy it, or revoke it (the old link stops
// working at once). The shared page shows no notes, no email and only public ideas.

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard permission (or not a secure context): the field stays selectable
  }
}

function ActiveLink({ project, share }: { project: Project; share: ShareLink }) {
  const { notify } = useNotifications();
  const unshare = useUnshareProject(project.id);
  const [confirming, setConfirming] = useState(false);
  const url = shareUrl(window.location.origin, share.token);
  return (
    <>
      <FormGroup
        label="Share link"
        labelFor="share-url"
        helperText={`Anyone with this link can view the project. Shared ${formatTimestamp(share.shared_at)}.`}
      >
        <ControlGroup fill>
          <InputGroup id="share-url" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button
            icon="duplicate"
            text="Copy"
            onClick={async () =>
              (await copyText(url))
                ? notify('Link copied', 'success')
                : notify('Could not copy; select the link and copy it by hand', 'warning')
            }
          />
        </ControlGroup>
      </FormGroup>
      <div className="im-row">
        <Link to="/shared/$token" params={{ token: share.token }} target="_blank" rel="noopener">
          Open the shared page
        </Link>
        <Button
          icon="disable"
          intent="danger"
          text="Revoke link"
          loading={unshare.isPending}
          onClick={() => setConfirming(true)}
        />
      </div>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="disable"
        confirmButtonText="Revoke"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          // A promise, not mutate callbacks: this panel unmounts as soon as the link is gone.
          unshare
            .mutateAsync(share.token)
            .then(() => notify('Share link revoked', 'success'))
            .catch((error: unknown) => notify(messageOf(error, 'Failed to revoke the share link'), 'error'));
        }}
      >
        <p>Revoke the link? Anyone who has it loses access at once. Sharing again makes a new link.</p>
      </Alert>
    </>
  );
}

function NoLink({ project }: { project: Project }) {
  const { notify } = useNotifications();
  const share = useShareProject(project.id);
  return (
    <>
      <p>This project is private. Create a link to let anyone view it, read-only.</p>
      {share.error !== null && (
        <Callout intent="danger" icon="error" className="im-section">
          {messageOf(share.error, 'Failed to create the share link')}
        </Callout>
      )}
      <Button
        intent="primary"
        icon="link"
        text="Create share link"
        loading={share.isPending}
        onClick={() =>
          // A promise, not mutate callbacks: this panel unmounts as soon as the link exists.
          share
            .mutateAsync()
            .then(() => notify('Share link created', 'success'))
            .catch((error: unknown) => notify(messageOf(error, 'Failed to create the share link'), 'error'))
        }
      />
    </>
  );
}

export function SharePage({ projectId }: { projectId: number }) {
  const { client } = useAuth();
  const project = useQuery(projectQuery(client, projectId));
  return (
    <div className="im-narrow">
      <QueryState query={project} errorFallback="Failed to load the project">
        {(data) => (
          <>
            <H2>Share “{data.name}”</H2>
            <Callout icon="info-sign" className="im-section">
              The shared page shows the name, description and public ideas with their notes; never your private project
              notes or your email.
            </Callout>
            {data.share ? <ActiveLink project={data} share={data.share} /> : <NoLink project={data} />}
            <p className="im-section">
              <Link to="/my/projects/$id" params={{ id: String(data.id) }}>
                Back to the project
              </Link>
            </p>
          </>
        )}
      </QueryState>
    </div>
  );
}
