import { Button, Callout, Card, FormGroup, H2, InputGroup, TextArea } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { IdeaEvaluation } from '@ideamine/shared/contract/idea-storm';
import { ApiClientError, messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { EvaluationView } from '../idea-storm/EvaluationView';

// /submit: anyone can have an idea analysed (rate-limited per address). Signed-in users can keep
// it as one of their ideas.

interface Submission {
  result: IdeaEvaluation;
  knowledge_id: number | null;
}

export function SubmitPage() {
  const { client, user } = useAuth();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [targetMarket, setTargetMarket] = useState('');
  const [save, setSave] = useState(false);
  const submit = useMutation({
    mutationFn: async () =>
      (
        await client.post<Submission>('/public/idea-storm/submit', {
          title,
          description,
          target_market: targetMarket || undefined,
          save_as_idea: Boolean(user) && save,
        })
      ).data,
  });
  const field = submit.error instanceof ApiClientError ? submit.error.field : undefined;

  return (
    <div>
      <H2>Submit an idea</H2>
      <p className="im-muted">Describe a product idea and get an instant analysis of its profit potential.</p>
      <Card className="im-section">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate();
          }}
        >
          <FormGroup
            label="Title"
            labelFor="idea-title"
            labelInfo="(3-200 characters)"
            intent={field === 'title' ? 'danger' : 'none'}
          >
            <InputGroup id="idea-title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
          </FormGroup>
          <FormGroup
            label="Description"
            labelFor="idea-description"
            labelInfo="(at least 20 characters)"
            intent={field === 'description' ? 'danger' : 'none'}
          >
            <TextArea
              id="idea-description"
              fill
              rows={6}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              required
            />
          </FormGroup>
          <FormGroup label="Target market" labelFor="idea-market" labelInfo="(optional)">
            <InputGroup
              id="idea-market"
              value={targetMarket}
              onChange={(e) => setTargetMarket(e.currentTarget.value)}
            />
          </FormGroup>
          {user ? (
            <label className="bp6-control bp6-checkbox">
              <input type="checkbox" checked={save} onChange={(e) => setSave(e.currentTarget.checked)} />
              <span className="bp6-control-indicator" />
              Keep it as one of my ideas (private)
            </label>
          ) : (
            <p className="im-muted">
              <Link to="/register">Create an account</Link> to keep your ideas and their analyses.
            </p>
          )}
          <Button type="submit" intent="primary" icon="predictive-analysis" text="Analyse" loading={submit.isPending} />
        </form>
      </Card>
      {submit.isError && (
        <Callout intent="danger" role="alert" className="im-section">
          {messageOf(submit.error, 'The analysis failed')}
        </Callout>
      )}
      {submit.data && (
        <>
          {submit.data.knowledge_id && (
            <Callout intent="success" className="im-section">
              Saved to <Link to="/my/ideas">your ideas</Link>.
            </Callout>
          )}
          <Card className="im-section" data-testid="evaluation">
            <EvaluationView evaluation={submit.data.result} />
          </Card>
        </>
      )}
    </div>
  );
}
