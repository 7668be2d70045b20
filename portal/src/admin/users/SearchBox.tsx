import { InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

// A search field for the operator lists: the URL (and so the query) follows the text 300 ms
// after the last key stroke, or at once on Enter; the text follows the URL when it changes
// elsewhere (back button, a link).

export const SEARCH_DELAY_MS = 300;

export function SearchBox(props: {
  value: string | undefined;
  label: string;
  placeholder?: string;
  onChange(value: string | undefined): void;
}) {
  const [text, setText] = useState(props.value ?? '');
  useEffect(() => setText(props.value ?? ''), [props.value]);
  useEffect(() => {
    if (text.trim() === (props.value ?? '')) return;
    const timer = setTimeout(() => props.onChange(text.trim() || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only typing starts the timer.
  }, [text]);
  return (
    <InputGroup
      type="search"
      leftIcon="search"
      aria-label={props.label}
      placeholder={props.placeholder ?? 'Search'}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onChange(text.trim() || undefined);
      }}
    />
  );
}
