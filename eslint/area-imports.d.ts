import type { ESLint, Rule } from 'eslint';

/** An import the rule lets through although it breaks it, with paths relative to apps/server/src. */
export interface AllowedImport {
  from: string;
  to: string;
}
export const allowlist: AllowedImport[];
export const areaImports: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
