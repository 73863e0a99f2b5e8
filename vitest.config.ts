import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    // `*.postgres.test.ts` need a PostgreSQL server (several app servers on one database, a database restart,
    // a copy off the embedded one): they run in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL), as in CI.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.test.ts'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 150_000,
  },
})
