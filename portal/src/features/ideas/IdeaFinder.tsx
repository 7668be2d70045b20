import { Button, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { searchQuery } from '../../queries/ideas';
import { useDebounced } from '../common/use-debounced';

// Finds an idea by the words of its title (public search), or by its number for those who have
// it, so nobody has to copy an id out of an address. Picking one shows it as a tag with a way to
// clear it.

export interface FoundIdea {
  id: number;
  title: string;
}

const DEBOUNCE_MS = 250;
const RESULTS = 8;

export function IdeaFinder(props: {
  inputId: string;
  value: FoundIdea | null;
  onChange(idea: FoundIdea | null): void;
  placeholder?: string;
}) {
  const { client } = useAuth();
  const listId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const byNumber = /^#?\d{1,9}$/.test(query) ? Number(query.replace('#', '')) : null;
  const results = useQuery({
    ...searchQuery(client, { q: query, page: 1, page_size: RESULTS }),
    enabled: query.length >= 2 && byNumber === null,
  });

  if (props.value)
    return (
      <div className="im-row im-idea-finder">
        <Tag large minimal icon="lightbulb">
          #{props.value.id} {props.value.title}
        </Tag>
        <Button variant="minimal" icon="cross" aria-label="Choose another idea" onClick={() => props.onChange(null)} />
      </div>
    );

  const found: FoundIdea[] = byNumber
    ? [{ id: byNumber, title: `Idea #${byNumber}` }]
    : (results.data?.items ?? []).map((i) => ({ id: i.id, title: i.title }));
  const open = query.length >= 2;
  const pick = (idea: FoundIdea) => {
    props.onChange(idea);
    setText('');
  };
  return (
    <div className="im-idea-finder">
      <InputGroup
        id={props.inputId}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        leftIcon="search"
        placeholder={props.placeholder ?? 'Search ideas by title, or type an idea number'}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && found.length === 1) {
            e.preventDefault();
            pick(found[0]!);
          }
        }}
      />
      {open && (
        <Menu id={listId} aria-label="Matching ideas" className="im-idea-finder-results">
          {results.isFetching && found.length === 0 && <MenuItem disabled text="Searching..." />}
          {!results.isFetching && found.length === 0 && (
            <MenuItem disabled text={`No idea matches “${query}”. Try other words from its title.`} />
          )}
          {found.map((idea) => (
            <MenuItem
              key={idea.id}
              icon="lightbulb"
              text={idea.title}
              label={`#${idea.id}`}
              onClick={() => pick(idea)}
            />
          ))}
        </Menu>
      )}
    </div>
  );
}
