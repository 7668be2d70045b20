import Router from '@koa/router';
import type { Context } from 'koa';

// Apple returns the authorization by POSTing a form to the redirect URI (response_mode=form_post)
// instead of redirecting with a query string. The portal's callback pages read the query string,
// so this turns the POST into a 303 to the same path with the fields in the query.

const FIELDS = ['code', 'state', 'iss', 'error', 'error_description'] as const;
const MAX_FORM_BYTES = 16 * 1024;

async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) ctx.throw(415, 'The callback expects a form post');
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) ctx.throw(413, 'The callback form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function formPostCallbackRouter(): Router {
  const router = new Router();
  router.post('/auth/:provider(apple)/:kind(callback|link-callback)', async (ctx) => {
    const form = await readForm(ctx);
    const query = new URLSearchParams();
    for (const field of FIELDS) {
      const value = form.get(field);
      if (value) query.set(field, value.slice(0, 2048));
    }
    ctx.status = 303;
    ctx.redirect(`/auth/${ctx.params.provider}/${ctx.params.kind}?${query}`);
  });
  return router;
}
