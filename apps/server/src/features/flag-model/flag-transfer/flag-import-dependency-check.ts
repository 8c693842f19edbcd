import type { ImportFacts } from './flag-import-store.ts';
import type { FlagTransfer } from './flag-transfer.ts';

/**
 * Why the dependencies of an import cannot be set, one message each. The rules are those of adding a dependency
 * (one parent, one level, both flags in the project), applied to the state after the import: the imported flags'
 * own links are replaced by the listed ones.
 */
export function checkDependencies(transfer: FlagTransfer, facts: ImportFacts): string[] {
  const problems: string[] = [];
  const imported = new Set(transfer.flags.map((flag) => flag.name));
  const label = (dependency: { child: string; parent: string }) =>
    `${dependency.child} → ${dependency.parent}`;

  const children = transfer.dependencies.map((dependency) => dependency.child);
  for (const child of new Set(children.filter((name, index) => children.indexOf(name) !== index))) {
    problems.push(`${child}: a flag can depend on one parent only`);
  }

  const links = [...transfer.dependencies, ...facts.links.filter((link) => !imported.has(link.child))];
  const parentsAfter = new Set(links.map((link) => link.parent));
  const childrenAfter = new Set(links.map((link) => link.child));

  for (const dependency of transfer.dependencies) {
    if (dependency.child === dependency.parent) {
      problems.push(`${label(dependency)}: a flag cannot depend on itself`);
      continue;
    }
    if (!dependency.enabled && dependency.variants.length) {
      problems.push(`${label(dependency)}: variants can only be required while the parent must be enabled`);
    }
    const existing = facts.flags.get(dependency.parent);
    const inProject = existing && !existing.archived && existing.project === facts.project.id;
    if (!imported.has(dependency.parent) && !inProject) {
      problems.push(
        `${label(dependency)}: the parent is neither in the import nor an active flag of project "${facts.project.id}"`,
      );
    }
    if (childrenAfter.has(dependency.parent)) {
      problems.push(`${label(dependency)}: the parent would depend on another flag itself`);
    }
    if (parentsAfter.has(dependency.child)) {
      problems.push(`${label(dependency)}: other flags would depend on the child`);
    }
  }
  return problems;
}
