import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PROFIT_LABELS, type ProfitLabel } from '@ideamine/shared/contract/knowledge';
import type { Watchlist } from '@ideamine/shared/contract/watchlists';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { categoriesQuery } from '../../queries/ideas';
import { useUpdateWatchlist } from '../../queries/watchlists';
import { FormErrorCallout } from '../account/FormErrors';
import { fieldErrorOf } from '../account/form-errors';

// What a watchlist watches, changed in one form: its name, its words (read as the search reads
// them), its categories, the lowest profit label it takes and the sources it listens to.

const FIELDS = ['name', 'words', 'categories', 'min_profit_label', 'sources'] as const;

/** "a.com, b.org" as a list; the server checks each is a domain name. */
export const sourcesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function EditWatchlistDialog(props: { watchlist: Watchlist; onClose(): void }) {
  const w = props.watchlist;
  const { client } = useAuth();
  const { notify } = useNotifications();
  const categories = useQuery(categoriesQuery(client));
  const update = useUpdateWatchlist(w.id);
  const [name, setName] = useState(w.name);
  const [words, setWords] = useState(w.words);
  const [chosen, setChosen] = useState<string[]>(w.categories);
  const [label, setLabel] = useState<ProfitLabel | ''>(w.min_profit_label ?? '');
  const [sources, setSources] = useState(w.sources.join(', '));
  const error = (field: string) => fieldErrorOf(update.error, field);
  const intent = (field: string) => (error(field) ? 'danger' : 'none');

  function submit(e: FormEvent) {
    e.preventDefault();
    update.mutate(
      {
        name: name.trim(),
        words: words.trim(),
        categories: chosen,
        min_profit_label: label || null,
        sources: sourcesOf(sources),
      },
      {
        onSuccess: (x) => {
          notify(`Saved “${x.name}”: new ideas are matched with these settings from now on`, 'success');
          props.onClose();
        },
      },
    );
  }

  const toggle = (slug: string) =>
    setChosen((list) => (list.includes(slug) ? list.filter((c) => c !== slug) : [...list, slug]));
  return (
    <Dialog isOpen onClose={props.onClose} title={`Edit “${w.name}”`} icon="edit">
      <form onSubmit={submit} aria-label="Edit watchlist">
        <DialogBody>
          <FormErrorCallout error={update.error} fields={FIELDS} fallback="The watchlist could not be saved" />
          <FormGroup label="Name" labelFor="edit-name" helperText={error('name')} intent={intent('name')}>
            <InputGroup id="edit-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </FormGroup>
          <FormGroup
            label="Words"
            labelFor="edit-words"
            intent={intent('words')}
            helperText={
              error('words') ??
              'As in search: every word must appear; "a phrase" in quotes, -word to leave out, or for either. Empty: any words'
            }
          >
            <InputGroup id="edit-words" value={words} maxLength={200} onChange={(e) => setWords(e.target.value)} />
          </FormGroup>
          <FormGroup
            label="Categories"
            helperText={error('categories') ?? 'Any of these; none ticked: every category'}
            intent={intent('categories')}
          >
            <div className="im-row im-wrap" role="group" aria-label="Categories">
              {(categories.data ?? []).map((c) => (
                <Checkbox
                  key={c.slug}
                  label={c.name}
                  checked={chosen.includes(c.slug)}
                  onChange={() => toggle(c.slug)}
                />
              ))}
            </div>
          </FormGroup>
          <FormGroup
            label="Profit potential at least"
            labelFor="edit-label"
            helperText={error('min_profit_label')}
            intent={intent('min_profit_label')}
          >
            <HTMLSelect
              id="edit-label"
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value as ProfitLabel | '')}
              options={[
                { value: '', label: 'Any profit potential' },
                ...PROFIT_LABELS.map((l) => ({ value: l, label: l })),
              ]}
            />
          </FormGroup>
          <FormGroup
            label="Sources"
            labelFor="edit-sources"
            intent={intent('sources')}
            helperText={
              error('sources') ?? 'Domains like news.ycombinator.com, separated by commas; empty: every source'
            }
          >
            <InputGroup id="edit-sources" value={sources} onChange={(e) => setSources(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text="Save" loading={update.isPending} disabled={!name.trim()} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
