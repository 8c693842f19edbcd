import { isShellBlock, metaValue, type ProseBlock } from './prose-blocks';

/** Why a block is shown but not run by the prose test. Each rule was reviewed; every other shell block is run. */
export type NoRunRule = { reason: string; matches: (block: ProseBlock) => boolean };

const shell = (pattern: RegExp) => (block: ProseBlock) => isShellBlock(block) && pattern.test(block.code);
const code = (pattern: RegExp) => (block: ProseBlock) => pattern.test(block.code);

/** The rules, first match wins. A `norun="why"` in a fence's meta classifies one block on its page. */
export const NO_RUN_RULES: NoRunRule[] = [
  {
    reason: 'the page says why in the fence (norun="...")',
    matches: (block) => metaValue(block.meta, 'norun') !== undefined,
  },
  {
    reason: 'data, configuration or output, not a program',
    matches: (block) => !isShellBlock(block) && /^(|text|json|yaml|ini|nginx|xml|mdx|diff)$/.test(block.lang),
  },
  {
    reason:
      'an SDK in a language without a runtime in the docs tests; the JavaScript SDK samples run from examples/',
    matches: (block) =>
      !isShellBlock(block) &&
      /^(kotlin|swift|java|go|python|ruby|php|dart|csharp|rust|vue|svelte)$/.test(block.lang),
  },
  {
    reason:
      'a fragment: it uses names (unleash, user, analytics) that the complete programs in examples/ define',
    matches: (block) => /^(js|ts|tsx|jsx)$/.test(block.lang) && !/^import /m.test(block.code),
  },
  {
    reason: 'imports a package the docs workspace does not install (Next.js, OpenFeature, openapi-fetch)',
    matches: code(/from '(@unleash\/nextjs[^']*|@openfeature\/[^']+|openapi-fetch)'/),
  },
  {
    reason:
      'starts an SDK client that keeps running; the complete programs in examples/ start, evaluate and stop',
    matches: (block) => /^(js|ts)$/.test(block.lang) && /initialize\(|new UnleashClient\(/.test(block.code),
  },
  {
    reason: 'clones the repository or installs packages from a registry',
    matches: shell(
      /^\s*(git clone|npm (ci|install|init)|npx |pip |composer |bundle |cargo |go get|dotnet |flutter )/m,
    ),
  },
  {
    reason: 'starts a long-running server; the test starts its own Switchyard the same way',
    matches: shell(/npm (start|run (server|edge|dev|docs:dev))\b/),
  },
  {
    reason:
      'a repository task (build, test, cut a version, migrate from Unleash) that CI and its own tests run',
    matches: shell(/npm (test|run (build|migrate|docs:version))\b/),
  },
  {
    reason: 'runs a file under examples/, which examples.test.ts runs against a real server',
    matches: shell(/(^|\s)(node \S+\.m?js|bash apps\/docs\/examples\/\S+\.sh)\s*$/m),
  },
  {
    reason: 'needs Docker, Kubernetes, a system service or a PostgreSQL server',
    matches: shell(/^\s*(docker|helm|kubectl|systemctl|pg_dump|pg_restore|createdb) /m),
  },
  {
    reason:
      'talks to a host other than the local server (a production URL, an Unleash instance, a second server)',
    matches: shell(/https:\/\/[a-z.-]*example\.com|\$UNLEASH_URL|localhost:(4243|4343)|edge-host/),
  },
  {
    reason: 'environment settings for a config file, not a command',
    matches: (block) =>
      isShellBlock(block) && block.code.split('\n').every((line) => /^\s*(#.*|[A-Z_]+=\S*)?$/.test(line)),
  },
];

/** The first rule that classifies the block as not run, if any. */
export function noRunRule(block: ProseBlock): NoRunRule | undefined {
  return NO_RUN_RULES.find((rule) => rule.matches(block));
}
