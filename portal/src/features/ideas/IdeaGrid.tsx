import type { IdeaCard as IdeaCardData } from '@ideamine/shared/contract/public';
import { IdeaCard } from './IdeaCard';
import { IdeaRows } from './IdeaRows';
import { IdeaViewSwitch } from './IdeaViewSwitch';
import { useIdeaView } from './idea-view';

/** Ideas as cards or as compact rows, as the visitor chose; `switchable` lists offer the choice. */
export function IdeaGrid({ ideas, switchable = false }: { ideas: IdeaCardData[]; switchable?: boolean }) {
  const [view] = useIdeaView();
  return (
    <>
      {switchable && (
        <div className="im-list-tools">
          <IdeaViewSwitch />
        </div>
      )}
      {view === 'compact' ? (
        <IdeaRows ideas={ideas} />
      ) : (
        <div className="im-idea-grid">
          {ideas.map((idea) => (
            <IdeaCard key={idea.id} idea={idea} />
          ))}
        </div>
      )}
    </>
  );
}
