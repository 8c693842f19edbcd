import {
  invalidRolePermission,
  isPermissionName,
  type PermissionName,
  type RolePermission,
  type RoleType,
  whyNotGrantable,
} from '@switchyard/access';

/**
 * The permissions a role form has ticked, as keys: `NAME` for root and project permissions, `NAME@environment` for
 * environment ones. A set of strings keeps checkboxes, select-all and the request body in step.
 */
export type Selection = ReadonlySet<string>;

export const keyOf = (name: string, environment?: string | null): string =>
  environment ? `${name}@${environment}` : name;

function parseKey(key: string): { name: string; environment?: string } {
  const at = key.indexOf('@');
  return at < 0 ? { name: key } : { name: key.slice(0, at), environment: key.slice(at + 1) };
}

/**
 * A role's permissions as ticked keys. One a custom role may no longer hold (decision record 0025) allowed nothing and
 * has no checkbox, so it is left out and saving the role drops it.
 */
export const selectionOf = (
  permissions: readonly { name: string; environment?: string | null }[],
): Selection =>
  new Set(
    permissions
      .filter((p) => !(isPermissionName(p.name) && whyNotGrantable(p.name)))
      .map((p) => keyOf(p.name, p.environment)),
  );

/** The `permissions` of a create or update request, in a stable order. */
export const toPermissionList = (selection: Selection): { name: string; environment?: string }[] =>
  [...selection].sort().map(parseKey);

/** Ticks or unticks every key given: what a select-all checkbox does. */
export function setAll(selection: Selection, keys: readonly string[], on: boolean): Selection {
  const next = new Set(selection);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}

export const toggle = (selection: Selection, key: string): Selection =>
  setAll(selection, [key], !selection.has(key));

/** How many of `keys` are ticked: all, some, or none, for a select-all checkbox. */
export function coverage(selection: Selection, keys: readonly string[]): 'all' | 'some' | 'none' {
  const ticked = keys.filter((key) => selection.has(key)).length;
  if (ticked === 0) return 'none';
  return ticked === keys.length ? 'all' : 'some';
}

/**
 * Why the ticked permissions cannot be saved, checked with the server's own rule (`invalidRolePermission`), so the
 * form refuses what the server would refuse before sending it.
 */
export function selectionProblems(type: RoleType, selection: Selection): string[] {
  const problems: string[] = [];
  for (const key of selection) {
    const { name, environment } = parseKey(key);
    if (!isPermissionName(name)) {
      problems.push(`${name} is not a permission`);
      continue;
    }
    const permission: RolePermission = { permission: name as PermissionName, environment };
    const problem = invalidRolePermission(type, permission);
    if (problem) problems.push(problem);
  }
  return problems;
}
