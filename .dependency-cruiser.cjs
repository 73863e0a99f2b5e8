// The shop's layer rule (README, "How the code is laid out"), checked by `npm run check:layers` in `npm test`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'features-without-react',
      comment:
        'Domain code in app/features is plain TypeScript: no React, no components. Hooks and views live in app/components. ' +
        "(react-router's server helpers — redirect, data, createCookie and its types — are allowed: they hold no React.)",
      severity: 'error',
      from: { path: '^app/features/' },
      to: { path: ['^node_modules/(react|react-dom)/', '^app/components/', '^app/routes/'] },
    },
    {
      name: 'components-without-database',
      comment:
        'Components render in the browser too: they never import the database (app/db) or a *.server module. ' +
        'A type-only import is erased at build time and allowed (e.g. the shape a loader returns).',
      severity: 'error',
      from: { path: '^app/components/' },
      to: { path: ['^app/db/', '\\.server\\.tsx?$', '^node_modules/(drizzle-orm|@electric-sql|pg)/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle in app/: a cycle makes start-up order matter and hides which module owns what. ' +
        'A type-only import is erased at build time and may close a loop (a type shared both ways).',
      severity: 'error',
      from: { path: '^app/' },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: { path: '^app/' },
      // React Router's generated route types (./+types/…) exist only after `react-router typegen`.
      to: { couldNotResolve: true, pathNot: '/\\+types/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^app/\\+types/', '\\.react-router/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
}
