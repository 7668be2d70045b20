import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { ProfitLabel } from '@ideamine/shared/contract/knowledge';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { useCreateWatchlist } from '../../queries/watchlists';
import { FormErrorCallout } from '../account/FormErrors';
import { describeWatch } from './describe-watch';

// "Watch this search": saves what the page shows (words, categories, a minimum profit label) as
// a watchlist, so new ideas that match reach the user. Visitors are offered sign-in instead.

export interface WatchedSearch {
  words?: string;
  categories?: string[];
  min_profit_label?: ProfitLabel | null;
}

const FALLBACK = 'The watchlist could not be saved';

export function WatchSearchButton(props: { search: WatchedSearch }) {
  const { user } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!user)
    return (
      <Link to="/login" search={{ redirect: location.href }} className="im-watch-signin">
        Sign in to watch this search
      </Link>
    );
  return (
    <>
      <Button icon="eye-open" text="Watch this search" onClick={() => setOpen(true)} />
      {open && <WatchDialog search={props.search} onClose={() => setOpen(false)} />}
    </>
  );
}

function WatchDialog(props: { search: WatchedSearch; onClose(): void }) {
  const { notify } = useNotifications();
  const create = useCreateWatchlist();
  const [name, setName] = useState(() => describeWatch(props.search).slice(0, 120));
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        words: props.search.words ?? '',
        categories: props.search.categories ?? [],
        min_profit_label: props.search.min_profit_label ?? null,
      },
      {
        onSuccess: (w) => {
          notify(`Watching “${w.name}”: new matching ideas will show under the bell and in My watchlists`, 'success');
          props.onClose();
        },
      },
    );
  }
  return (
    <Dialog isOpen onClose={props.onClose} title="Watch this search" icon="eye-open">
      <form onSubmit={submit} aria-label="Watch this search">
        <DialogBody>
          <p>
            New ideas matching <strong>{describeWatch(props.search)}</strong> will reach you as notifications, in a
            private feed, and by email or webhook if you set them up in{' '}
            <Link to="/my/watchlists" onClick={props.onClose}>
              My watchlists
            </Link>
            .
          </p>
          <FormErrorCallout error={create.error} fields={['name', 'words', 'categories']} fallback={FALLBACK} />
          <FormGroup label="Name" labelFor="watch-name">
            <InputGroup id="watch-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text="Watch" loading={create.isPending} disabled={!name.trim()} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
