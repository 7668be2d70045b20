import { Button, ControlGroup, InputGroup, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { suggestionsQuery } from '../../queries/ideas';
import { useDebounced } from '../common/use-debounced';
import { ideaPath } from '../ideas/IdeaCard';

/** The search field with typo-tolerant suggestions (ideas, categories, keywords) as you type. */
export function SearchBox(props: { initial: string; onSearch(q: string): void }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const [text, setText] = useState(props.initial);
  const debounced = useDebounced(text, 200);
  const [open, setOpen] = useState(false);
  useEffect(() => setText(props.initial), [props.initial]);
  const suggestions = useQuery(suggestionsQuery(client, debounced.trim()));
  const items = open && text.trim().length >= 2 ? (suggestions.data ?? []) : [];

  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        setOpen(false);
        props.onSearch(text.trim());
      }}
    >
      <Popover
        isOpen={items.length > 0}
        autoFocus={false}
        enforceFocus={false}
        placement="bottom-start"
        minimal
        onInteraction={(next) => !next && setOpen(false)}
        content={
          <Menu aria-label="Suggestions">
            {items.map((s) => (
              <MenuItem
                key={`${s.type}-${s.text}`}
                icon={s.type === 'idea' ? 'lightbulb' : s.type === 'category' ? 'folder-open' : 'tag'}
                text={s.text}
                label={s.type}
                onClick={() => {
                  setOpen(false);
                  if (s.type === 'idea' && s.id) void navigate({ to: ideaPath({ id: s.id, slug: s.slug ?? '' }) });
                  else if (s.type === 'category')
                    void navigate({ to: '/categories/$slug', params: { slug: s.slug ?? s.text } });
                  else props.onSearch(s.text);
                }}
              />
            ))}
          </Menu>
        }
      >
        <ControlGroup fill>
          <InputGroup
            large
            leftIcon="search"
            placeholder="Search ideas, categories, keywords"
            aria-label="Search"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setOpen(true);
            }}
          />
          <Button type="submit" intent="primary" text="Search" size="large" />
        </ControlGroup>
      </Popover>
    </form>
  );
}
