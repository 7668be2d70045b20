// Just the part of oidc-provider (which ships no types) that the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type Koa from 'koa';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider extends Koa {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: {
      new (props: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
  }
  export default Provider;
}
