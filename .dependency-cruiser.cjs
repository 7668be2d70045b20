// Which package may import which (README "Architecture"), checked by `npm run lint:deps`, part
// of `npm test`. From the bottom up:
//   shared/src      @ideamine/shared  the browser-safe contract: imports no other package
//   shared/server   @ideamine/server  database, queue, commands, queries, language models, network policy
//   api, worker                       HTTP and queue handlers, both on the server layer, never on each other
//   build/start     @ideamine/start   the composition root `npm start` runs: API and workers in one process
//   portal, desktop                   the browser code: the contract only (the console also mounts portal screens)
// Test harnesses of the whole product (portal/e2e, desktop/e2e) may start any server-side package.

const TEST_FILE = '(\\.test\\.tsx?$|/test/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module may not reach itself through its imports: every package and folder reads bottom up.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-stays-at-the-bottom',
      severity: 'error',
      comment: 'shared/src is the contract the browser loads: it imports no other package of ours.',
      from: { path: '^shared/src/' },
      to: { path: '^(shared/server|api|worker|portal|desktop|build)/' },
    },
    {
      name: 'contract-is-browser-safe',
      severity: 'error',
      comment:
        'shared/src runs in the browser: no database, HTTP server, logger or Node-only library. zod and re2js (pure JavaScript) are the libraries it may use.',
      from: { path: '^shared/src/', pathNot: TEST_FILE },
      to: { path: '(^|/)node_modules/', pathNot: '(^|/)node_modules/(zod|re2js)/' },
    },
    {
      name: 'contract-has-no-node-builtins',
      severity: 'error',
      comment: 'shared/src runs in the browser: no node: modules.',
      from: { path: '^shared/src/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-layer-below-api-and-worker',
      severity: 'error',
      comment: 'The server layer serves api and worker; it never imports them (or anything above them).',
      from: { path: '^shared/server/' },
      to: { path: '^(api|worker|portal|desktop|build/start)/' },
    },
    {
      name: 'api-does-not-import-worker',
      severity: 'error',
      comment: 'api (HTTP) and worker (queue handlers) both stand on shared/server; the composition root joins them.',
      from: { path: '^api/' },
      to: { path: '^(worker|portal|desktop|build/start)/' },
    },
    {
      name: 'worker-does-not-import-api',
      severity: 'error',
      comment: 'worker (queue handlers) and api (HTTP) both stand on shared/server; the composition root joins them.',
      from: { path: '^worker/' },
      to: { path: '^(api|portal|desktop|build/start)/' },
    },
    {
      name: 'browser-code-uses-the-contract-only',
      severity: 'error',
      comment: 'The portal and the console talk to the server over HTTP: they import shared/src, never server code.',
      from: { path: '^(portal|desktop)/src/', pathNot: TEST_FILE },
      to: { path: '^(shared/server|api|worker|build)/' },
    },
    {
      name: 'portal-does-not-import-the-console',
      severity: 'error',
      comment: 'The console mounts portal screens, not the other way round.',
      from: { path: '^portal/' },
      to: { path: '^desktop/' },
    },
  ],
  options: {
    exclude: { path: '(^|/)(dist|out)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: false,
  },
};
