import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './tools/eslint/import-boundaries.js';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Dependencies flow one way in the web app: shared → features → app. A feature never imports
 * another feature (a route in app/ composes them), and shared code knows no feature.
 */
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: ['./apps/web/src/features'],
    except: [`./${feature}`],
    message: 'A feature may not import another feature; compose them in app/.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features may not import the app layer.',
  },
  {
    target: './apps/web/src/shared',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code may not import features or the app layer.',
  },
  {
    target: './packages/contracts',
    from: ['./apps', './e2e', './bench'],
    message: 'The contracts package is the bottom layer.',
  },
];

const server = './apps/server/src';

/**
 * The server's layers: routes (thin handlers) over services over `*-queries.ts` over the tables;
 * `realtime/` over `modules/`; `lib/`, `plugins/` and `db/` under both. A lower layer may name an
 * upper one's types (`import type`), never load it.
 */
const serverBoundaries = [
  {
    target: server,
    targetPattern: '-routes\\.ts$',
    fromPattern: '-routes$',
    message:
      'A route file imports no other route file: move what both need into a service or a *-queries.ts.',
  },
  {
    target: server,
    targetExcept: ['^apps/server/src/db/', '^apps/server/src/testing/', '-queries\\.ts$', '\\.test\\.ts$'],
    packages: ['drizzle-orm'],
    from: [`${server}/db/tables`, `${server}/db/schema`],
    allowTypeImports: true,
    message:
      'drizzle-orm and the tables are used only in *-queries.ts, db/ and testing/: add a query function.',
  },
  {
    target: [`${server}/lib`, `${server}/plugins`, `${server}/db`],
    from: [`${server}/modules`, `${server}/realtime`],
    allowTypeImports: true,
    message:
      'lib/, plugins/ and db/ sit under modules/ and realtime/: import their types only (import type).',
  },
  {
    target: `${server}/modules`,
    from: `${server}/realtime`,
    allowTypeImports: true,
    message: 'realtime/ builds on modules/: a module imports realtime types only (import type).',
  },
];

/** The call engine is plain TypeScript: React lives in its `ui/` and its `use-*.ts` hooks only. */
const callEngineBoundaries = [
  {
    target: './apps/web/src/shared/call',
    targetExcept: ['^apps/web/src/shared/call/ui/', '/use-[^/]*\\.tsx?$', '\\.test\\.tsx?$'],
    packages: ['react', 'react-dom'],
    fromPattern: '^apps/web/src/shared/call/(ui/|use-)',
    message: 'The call engine imports no React: keep React in shared/call/ui/ and the use-*.ts hooks.',
  },
];

/** The video mail's recorder and flow are plain TypeScript too, unit-tested without React. */
const videoMailFlowBoundaries = [
  {
    target: [
      './apps/web/src/features/widget/video-recorder.ts',
      './apps/web/src/features/widget/video-mail-flow.ts',
    ],
    packages: ['react', 'react-dom', 'react-hook-form', '@tanstack/react-query'],
    message: 'The video mail flow imports no React: keep React in use-video-mail.ts and the views.',
  },
];

/** The staff's roles are written once, in contracts' `staff-access` (STAFF_ROLES, StaffRole). */
const roleLiterals = [
  {
    selector:
      "TSUnionType:has(TSLiteralType > Literal[value='supervisor']):has(TSLiteralType > Literal[value='admin'])",
    message: 'Use StaffRole from @seguridad/contracts/staff-access instead of writing the roles again.',
  },
  {
    selector:
      "ArrayExpression:has(> Literal[value='operator']):has(> Literal[value='supervisor']):has(> Literal[value='admin'])",
    message: 'Use STAFF_ROLES from @seguridad/contracts/staff-access instead of writing the roles again.',
  },
];

const restrictedSyntax = [
  {
    selector: "CallExpression[callee.property.name='postMessage'] > Literal[value='*']",
    message: "Never postMessage to '*': name the target origin.",
  },
  ...roleLiterals,
];

/**
 * API paths are declared once in contracts (`http/<area>.ts`, `apiRoute`): the server registers
 * `route.pattern`, the web requests `route.path(params)`. Tests may send literal paths, which
 * proves a path did not move.
 */
const apiPathLiterals = [
  {
    selector:
      "CallExpression[callee.name=/^(apiRequest|apiDownload)$/] > ObjectExpression > Property[key.name='method']",
    message: "A route's request carries its method: call apiRequest(route.request(params), …).",
  },
  {
    selector:
      "CallExpression[callee.name='apiRequest'] > CallExpression:first-child[callee.property.name='path']",
    message: "A route's request carries its answer's type: call apiRequest(route.request(params), …).",
  },
  {
    selector: 'Literal[value=/^\\x2Fapi\\x2F/]',
    message: 'Use the route declared in @seguridad/contracts/http (route.pattern / route.path()).',
  },
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Fapi\\x2F/]',
    message: 'Use the route declared in @seguridad/contracts/http (route.pattern / route.path()).',
  },
];

/**
 * A function takes the pieces of the app it uses (`app: Deps<'database' | 'io'>`,
 * lib/dependencies.ts), not the whole app: only a plugin gets the `FastifyInstance` (a function
 * wrapped in `fp(…)`, plugins/, a *-routes.ts file).
 */
const wholeAppParams = [
  {
    selector:
      ":function:not(CallExpression[callee.name='fp'] > :function) > Identifier[typeAnnotation.typeAnnotation.typeName.name='FastifyInstance']",
    message:
      "Take the app's pieces this function uses (Deps<'database' | …> from lib/dependencies), or make it a plugin (fp, plugins/).",
  },
  {
    selector: "TSPropertySignature[typeAnnotation.typeAnnotation.typeName.name='FastifyInstance']",
    message:
      "Hold the app's pieces this code uses (Deps<'database' | …> from lib/dependencies), not the whole app.",
  },
];

/** Every API route states who may call it: `apiRoute(method, pattern, access)` (route-access.ts). */
const routeWithoutAccess = [
  {
    selector: "CallExpression[callee.name='apiRoute'][arguments.length<3]",
    message: 'Declare who may call this route: apiRoute(method, pattern, access).',
  },
];

/**
 * UI text lives once in @seguridad/contracts (`messages*`), so JSX carries no literal words:
 * text children and user-visible attributes take a texts object's entry. Punctuation alone is fine.
 */
const jsxLiterals = [
  {
    selector: 'JSXText[value=/\\p{L}|\\p{N}/u]',
    message: 'Move this UI text to the area texts in @seguridad/contracts (messages*) and use it.',
  },
  {
    selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/] > Literal',
    message: 'Move this UI text to the area texts in @seguridad/contracts (messages*) and use it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'local/import-boundaries': [
        'error',
        {
          root: import.meta.dirname,
          zones: [...webBoundaries, ...serverBoundaries, ...callEngineBoundaries, ...videoMailFlowBoundaries],
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...restrictedSyntax],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // Playwright fixtures declare what they depend on by destructuring, even when it is nothing.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/testing/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/testing/**', 'apps/web/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...restrictedSyntax, ...apiPathLiterals] },
  },
  {
    // Areas still holding literals join as their texts move to contracts.
    files: [
      'apps/web/src/shared/**/*.tsx',
      'apps/web/src/features/widget/**/*.tsx',
      'apps/web/src/features/call/**/*.tsx',
      'apps/web/src/features/operator/components/team-*.tsx',
      'apps/web/src/features/operator/components/audit-*.tsx',
      'apps/web/src/features/operator/components/role-select.tsx',
      'apps/web/src/features/operator/components/speciality-choices.tsx',
    ],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...restrictedSyntax, ...apiPathLiterals, ...jsxLiterals] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/testing/**',
      'apps/server/src/plugins/**',
      'apps/server/src/**/*-routes.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...restrictedSyntax, ...apiPathLiterals, ...wholeAppParams] },
  },
  {
    // The roles are written in contracts (`staff-access`), and nowhere else.
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...restrictedSyntax.filter((rule) => !roleLiterals.includes(rule)),
        ...routeWithoutAccess,
      ],
    },
  },
);
