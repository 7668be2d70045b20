import { Button, H4, HTMLTable } from '@blueprintjs/core';
import type { IdeaEnhancement } from '../../queries/idea-storm';

// Idea Storm's rewrite: the sharper pitch, part by part, with what it still lacks.

export function EnhancementView(props: { enhancement: IdeaEnhancement; onUse?: () => void }) {
  const e = props.enhancement;
  return (
    <div>
      <H4>{e.title}</H4>
      <HTMLTable compact aria-label="Pitch" className="im-section">
        <tbody>
          <tr>
            <th>Problem</th>
            <td>{e.problem}</td>
          </tr>
          <tr>
            <th>Solution</th>
            <td>{e.solution}</td>
          </tr>
          <tr>
            <th>Target customers</th>
            <td>{e.target_customers}</td>
          </tr>
          <tr>
            <th>Monetization</th>
            <td>{e.monetization}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <H4>Enhanced description</H4>
      <p className="im-body-text">{e.enhanced_description}</p>
      {e.suggestions.length > 0 && (
        <>
          <H4>Suggestions</H4>
          <ul className="im-section">
            {e.suggestions.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
      {props.onUse && <Button icon="edit" text="Use this version in the form" onClick={props.onUse} />}
    </div>
  );
}
