import type { IdeaCard as IdeaCardData } from '@ideamine/shared/contract/public';
import { IdeaCard } from './IdeaCard';

export function IdeaGrid({ ideas }: { ideas: IdeaCardData[] }) {
  return (
    <div className="im-idea-grid">
      {ideas.map((idea) => (
        <IdeaCard key={idea.id} idea={idea} />
      ))}
    </div>
  );
}
