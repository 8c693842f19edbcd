// The `switchyard/area-imports` rule: holds apps/server/src/features/<area>/<noun>/ to the direction ARCHITECTURE.md
// draws. Code in an area may import its own area, http/, db/, config*, packages, the flag model at any depth, and
// another area only through that area's index.ts; the flag model imports no other area; production code never imports
// src/testing/. Only relative specifiers are checked: packages are always allowed.
import path from 'node:path';

const FLAG_MODEL = 'flag-model';
/** What every area may import from the rest of src/ besides features/. */
const SHARED = [/^http$/, /^db$/, /^config[\w.-]*$/];
/** What a test may import from the rest of src/ besides SHARED. */
const TEST_SHARED = [/^testing$/, /^app\.ts$/];

/**
 * Imports the rule lets through although they break it: each entry is debt, with why it remains. Paths are relative
 * to apps/server/src. Remove an entry when its import goes; an entry nothing matches any more is reported.
 */
export const allowlist = [
  // The single process answers SDK requests in front of Fastify with the edge's own serving code (decision record
  // 0017); that code lives in src/edge so the edge bundle carries no Fastify, and both sides share it.
  { from: 'features/sdk-serving/serving/sdk-handler.ts', to: 'edge/edge-http.ts' },
  { from: 'features/sdk-serving/serving/sdk-handler.ts', to: 'edge/edge-tokens.ts' },
  // Appending an event enqueues the integrations' deliveries in the same transaction (the outbox). The event store is
  // built per transaction in some twenty places across every area; a port would have to reach each of them.
  {
    from: 'features/flag-model/events/event-store.ts',
    to: 'features/automation/integrations/addon-outbox.ts',
  },
  // The playground answers exactly what the Client API would serve, so it reads the SDK projection (the environment
  // state and its ClientFeature). To cut: move that projection down into the flag model, or the playground up.
  {
    from: 'features/flag-model/playground/playground-routes.ts',
    to: 'features/sdk-serving/client-api/client-feature.ts',
  },
  {
    from: 'features/flag-model/playground/playground-service.ts',
    to: 'features/sdk-serving/client-api/environment-state-store.ts',
  },
  // Served history (decision record 0041) records and rebuilds exactly what the Client API served, so it reads the
  // same projection as the playground. To cut: with the playground's, move that projection into the flag model.
  {
    from: 'features/flag-model/history/history-recorder.ts',
    to: 'features/sdk-serving/client-api/environment-state-store.ts',
  },
  { from: 'features/flag-model/history/history.ts', to: 'features/sdk-serving/client-api/client-feature.ts' },
  {
    from: 'features/flag-model/history/history-service.ts',
    to: 'features/sdk-serving/client-api/client-feature.ts',
  },
  {
    from: 'features/flag-model/history/history-service.ts',
    to: 'features/sdk-serving/client-api/client-payload.ts',
  },
  // The personal dashboard shows a project's owners and the signed-in user's roles in it. To cut: a membership read
  // port beside project-ports.ts, or the dashboard moves to the area of the person it serves.
  {
    from: 'features/flag-model/projects/personal-dashboard-routes.ts',
    to: 'features/governance/access/role-store.ts',
  },
  {
    from: 'features/flag-model/projects/personal-dashboard-routes.ts',
    to: 'features/governance/project-access/project-access-store.ts',
  },
  // A project's SDK applications and outdated SDKs read what SDKs reported. To cut: those two routes move to
  // sdk-serving/metrics (openapi.json keeps its order only if they are registered where they are now).
  {
    from: 'features/flag-model/projects/project-insight-routes.ts',
    to: 'features/sdk-serving/metrics/sdk-read-model.ts',
  },
  {
    from: 'features/flag-model/projects/project-insight-routes.ts',
    to: 'features/sdk-serving/metrics/sdk-routes.ts',
  },
];

const toPosix = (p) => p.split(path.sep).join('/');

/** The area of a path relative to src/, if it lies in features/<area>/. */
function areaOf(parts) {
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : undefined;
}

/** Whether a path relative to src/ is an area's entry point: features/<area>/index.ts (or the folder itself). */
function isAreaIndex(parts) {
  if (parts[0] !== 'features') return false;
  if (parts.length === 2) return true;
  return parts.length === 3 && /^index(\.[jt]s)?$/.test(parts[2]);
}

/** @type {import('eslint').Rule.RuleModule} */
export const areaImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas of apps/server/src/features import one way: see ARCHITECTURE.md' },
    schema: [
      {
        type: 'object',
        properties: { src: { type: 'string' } },
        required: ['src'],
        additionalProperties: false,
      },
    ],
    messages: {
      flagModel:
        'The flag model imports no other area ({{target}}): define a port in the flag model and wire it in app.ts.',
      notIndex: 'Import area "{{area}}" through features/{{area}}/index.ts, not {{target}}.',
      outside: 'An area imports http/, db/, config*, packages and features/ only, not {{target}}.',
      testing: 'Production code does not import src/testing/ ({{target}}).',
      stale:
        'The allowlist in eslint/area-imports.js lets {{from}} import {{target}}, which it no longer does: remove it.',
    },
  },
  create(context) {
    const src = context.options[0].src;
    const file = context.filename;
    const from = toPosix(path.relative(src, file));
    if (from.startsWith('../') || path.isAbsolute(from)) return {};
    const fromParts = from.split('/');
    const fromArea = areaOf(fromParts);
    const isTest = /\.test\.tsx?$/.test(file);
    const inTesting = fromParts[0] === 'testing';
    const allowed = new Set(allowlist.filter((entry) => entry.from === from).map((entry) => entry.to));
    const used = new Set();

    function problem(target) {
      if (target.startsWith('../')) return undefined; // outside src/: the package's own manifest and the like
      const parts = target.split('/');
      if (parts[0] === 'testing' && !isTest && !inTesting) return 'testing';
      if (!fromArea) return undefined;
      if (parts[0] === 'features') {
        const toArea = parts[1];
        if (toArea === fromArea) return undefined;
        if (fromArea === FLAG_MODEL) return 'flagModel';
        if (toArea === FLAG_MODEL || isAreaIndex(parts)) return undefined;
        return 'notIndex';
      }
      if (SHARED.some((pattern) => pattern.test(parts[0]))) return undefined;
      if (isTest && TEST_SHARED.some((pattern) => pattern.test(parts[0]))) return undefined;
      return 'outside';
    }

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = toPosix(path.relative(src, path.resolve(path.dirname(file), specifier)));
      const messageId = problem(target);
      if (!messageId) return;
      if (allowed.has(target)) return void used.add(target);
      context.report({ node, messageId, data: { target, area: target.split('/')[1] } });
    }

    return {
      'Program:exit': (node) => {
        for (const target of allowed)
          if (!used.has(target)) context.report({ node, messageId: 'stale', data: { from, target } });
      },
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // `import('./x.ts').Type` in a type position
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

export default { rules: { 'area-imports': areaImports } };
