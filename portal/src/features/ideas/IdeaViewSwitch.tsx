import { Button, ButtonGroup } from '@blueprintjs/core';
import { useIdeaView, type IdeaView } from './idea-view';

const VIEWS: { view: IdeaView; icon: 'grid-view' | 'list'; text: string }[] = [
  { view: 'cards', icon: 'grid-view', text: 'Cards' },
  { view: 'compact', icon: 'list', text: 'Compact' },
];

/** Cards or a compact list, for every idea list at once; the choice is remembered. */
export function IdeaViewSwitch() {
  const [current, setView] = useIdeaView();
  return (
    <ButtonGroup role="group" aria-label="Show ideas as">
      {VIEWS.map(({ view, icon, text }) => (
        <Button
          key={view}
          icon={icon}
          text={text}
          size="small"
          aria-pressed={current === view}
          active={current === view}
          onClick={() => setView(view)}
        />
      ))}
    </ButtonGroup>
  );
}
