import { Button, ButtonGroup } from '@blueprintjs/core';
import { useIdeaView } from './idea-view';

/** Cards or a compact list, for every idea list at once; the choice is remembered. */
export function IdeaViewSwitch() {
  const [view, setView] = useIdeaView();
  return (
    <ButtonGroup role="group" aria-label="Show ideas as">
      <Button
        icon="grid-view"
        text="Cards"
        size="small"
        aria-pressed={view === 'cards'}
        active={view === 'cards'}
        onClick={() => setView('cards')}
      />
      <Button
        icon="list"
        text="Compact"
        size="small"
        aria-pressed={view === 'compact'}
        active={view === 'compact'}
        onClick={() => setView('compact')}
      />
    </ButtonGroup>
  );
}
