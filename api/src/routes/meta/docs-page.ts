import { escapeMarkup } from '@ideamine/shared/escape';

// A readable, self-contained HTML page over the OpenAPI document: no scripts, no outside assets.

type Json = Record<string, unknown>;

function schemaText(schema: unknown, doc: Json): string {
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const resolve = (s: unknown, depth: number): unknown => {
    if (depth > 6 || !s || typeof s !== 'object') return s;
    if (Array.isArray(s)) return s.map((x) => resolve(x, depth + 1));
    const ref = (s as Json).$ref;
    if (typeof ref === 'string') return resolve(components[ref.split('/').pop()!], depth + 1);
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, resolve(v, depth + 1)]));
  };
  return JSON.stringify(resolve(schema, 0), null, 2);
}

export function renderDocsPage(doc: Json): string {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      const params = ((op.parameters as Json[] | undefined) ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escapeMarkup(p.name)}</code></td><td>${escapeMarkup(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeMarkup(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('');
      const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
      const bodySchema = body ? (body['application/json'] as Json).schema : undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([s, r]) => `<li><b>${escapeMarkup(s)}</b> ${escapeMarkup(r.description)}</li>`)
        .join('');
      const html = `<section class="op" id="${escapeMarkup(op.operationId)}">
  <h3><span class="m ${escapeMarkup(method)}">${escapeMarkup(method.toUpperCase())}</span> <code>${escapeMarkup(path)}</code></h3>
  <p>${escapeMarkup(op.summary)} <em>${escapeMarkup(op.description)}</em></p>
  ${params ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${params}</table>` : ''}
  ${bodySchema ? `<details><summary>Request body</summary><pre>${escapeMarkup(schemaText(bodySchema, doc))}</pre></details>` : ''}
  <ul>${responses}</ul>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const info = doc.info as Json;
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2 id="tag-${escapeMarkup(tag)}">${escapeMarkup(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const toc = [...byTag.keys()].map((t) => `<a href="#tag-${escapeMarkup(t)}">${escapeMarkup(t)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(info.title)} reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c2127}
.op{border:1px solid #d3d8de;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.m{display:inline-block;min-width:4.5em;text-align:center;border-radius:3px;color:#fff;font-size:13px;padding:1px 6px}
.get{background:#238551}.post{background:#2d72d2}.put{background:#c87619}.delete{background:#cd4246}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #e5e8eb;padding:2px 8px;text-align:left;font-size:14px}
pre{background:#f6f7f9;padding:.5rem;overflow:auto;font-size:13px}
</style></head><body>
<h1>${escapeMarkup(info.title)} <small>${escapeMarkup(info.version)}</small></h1>
<p>${escapeMarkup(info.description)} Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>.</p>
<nav>${toc}</nav>
${sections}
</body></html>`;
}
