import { BadDataError, InvalidOperationError } from '../../../http/errors.ts';

/** A child flag is on only while its parent is on (or off, with `enabled: false`), and optionally shows one of `variants`. */
export type Dependency = {
  parent: string;
  child: string;
  enabled: boolean;
  /** Parent variant names that satisfy the dependency; empty when any variant does, always empty when `enabled` is false. */
  variants: string[];
};

export type NewDependency = { parent: string; enabled?: boolean; variants?: string[] };

/** What we know about the two flags when a dependency is added. */
export type DependencyFacts = {
  child: string;
  parent: { name: string; project: string; active: boolean } | undefined;
  project: string;
  /** The child already has children of its own. */
  childIsParent: boolean;
  /** The parent already depends on another flag. */
  parentIsChild: boolean;
};

/**
 * Unleash's rules for a dependency: one level only (a parent has no parent, a child has no children), both flags in
 * one project, no flag depending on itself, and variants only when the parent must be enabled.
 */
export function checkDependency(request: NewDependency, facts: DependencyFacts): Dependency {
  const enabled = request.enabled ?? true;
  const variants = request.variants ?? [];
  if (!enabled && variants.length > 0) {
    throw new BadDataError('"variants" can only be given when "enabled" is true', [
      { message: '"variants" can only be given when "enabled" is true', path: '/body/variants' },
    ]);
  }
  if (request.parent === facts.child) {
    throw new InvalidOperationError('A flag cannot depend on itself.');
  }
  if (facts.childIsParent) {
    throw new InvalidOperationError(
      'Transitive dependency detected. Cannot add a dependency to a flag that other flags depend on.',
    );
  }
  if (facts.parentIsChild) {
    throw new InvalidOperationError(
      'Transitive dependency detected. Cannot add a dependency on a flag that has a parent of its own.',
    );
  }
  if (!facts.parent || !facts.parent.active) {
    throw new InvalidOperationError(`No active flag "${request.parent}" exists`);
  }
  if (facts.parent.project !== facts.project) {
    throw new InvalidOperationError('Parent and child flags must be in the same project');
  }
  return {
    parent: request.parent,
    child: facts.child,
    enabled,
    variants: enabled ? [...new Set(variants)] : [],
  };
}
