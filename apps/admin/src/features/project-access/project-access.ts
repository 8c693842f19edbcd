import type { RequestOf, ResponseOf } from '../../api/wire.ts';

export type ProjectAccessResponse = ResponseOf<'getProjectAccess'>;
export type AccessCandidates = ResponseOf<'getBaseUsersAndGroups'>;
export type AddAccessBody = RequestOf<'addAccessToProject'>;
export type ProjectRole = ProjectAccessResponse['roles'][number];

/** Who an entry is: a user or service account (both are users on the wire), or a group. */
export type PrincipalKind = 'user' | 'service-account' | 'group';

/** One row of the Access tab: a principal and the project roles it holds directly in the project. */
export type AccessEntry = {
  key: string;
  kind: PrincipalKind;
  id: number;
  label: string;
  detail: string;
  roles: number[];
};

const KIND_LABELS: Record<PrincipalKind, string> = {
  user: 'User',
  'service-account': 'Service account',
  group: 'Group',
};
export const kindLabel = (kind: PrincipalKind): string => KIND_LABELS[kind];

type Person = { id: number; name: string | null; username: string | null; email: string | null };
const personLabel = (person: Person): string =>
  person.name ?? person.username ?? person.email ?? `user ${person.id}`;
const personDetail = (person: Person): string =>
  [person.username, person.email].filter((part) => part && part !== person.name).join(' · ');
const kindOfAccount = (accountType: string): PrincipalKind =>
  accountType === 'Service Account' ? 'service-account' : 'user';

/**
 * A principal's key in pickers and lists. Users and groups have separate id sequences, so the kind is part of it;
 * service accounts share the users' ids and their endpoints.
 */
export const principalKey = (kind: PrincipalKind, id: number): string =>
  `${kind === 'group' ? 'group' : 'user'}:${id}`;

export function accessEntries(access: ProjectAccessResponse): AccessEntry[] {
  const people = access.users.map((user) => {
    const kind = user.isAPI ? 'service-account' : kindOfAccount(user.accountType);
    return {
      key: principalKey(kind, user.id),
      kind,
      id: user.id,
      label: personLabel(user),
      detail: personDetail(user),
      roles: user.roles,
    } satisfies AccessEntry;
  });
  const groups = access.groups.map((group): AccessEntry => ({
    key: principalKey('group', group.id),
    kind: 'group',
    id: group.id,
    label: group.name,
    detail: `${group.userCount} member${group.userCount === 1 ? '' : 's'}`,
    roles: group.roles,
  }));
  const byLabel = (a: AccessEntry, b: AccessEntry) => a.label.localeCompare(b.label);
  return [...people.sort(byLabel), ...groups.sort(byLabel)];
}

/** The principals to offer in "Add access", grouped by kind; those already listed are left out. */
export function candidateOptions(candidates: AccessCandidates, listed: ReadonlySet<string>) {
  const options = (kind: PrincipalKind) => {
    const items =
      kind === 'group'
        ? candidates.groups.map((group) => ({ value: principalKey('group', group.id), label: group.name }))
        : candidates.users
            .filter((user) => kindOfAccount(user.accountType) === kind)
            .map((user) => {
              const detail = personDetail(user);
              return {
                value: principalKey(kind, user.id),
                label: detail ? `${personLabel(user)} (${detail})` : personLabel(user),
              };
            });
    return { group: `${KIND_LABELS[kind]}s`, items: items.filter((item) => !listed.has(item.value)) };
  };
  return [options('user'), options('service-account'), options('group')].filter(
    (group) => group.items.length > 0,
  );
}

/** The body of POST /access from the picked principal keys and role ids. */
export function addAccessBody(principals: readonly string[], roles: readonly string[]): AddAccessBody {
  const ids = (prefix: string) =>
    principals
      .filter((key) => key.startsWith(`${prefix}:`))
      .map((key) => Number(key.slice(prefix.length + 1)));
  return { users: ids('user'), groups: ids('group'), roles: roles.map(Number) };
}

/** Project roles come first (Owner, Member, Reader), then custom roles by name. */
export function grantableRoles(roles: readonly ProjectRole[]): ProjectRole[] {
  const rank = (role: ProjectRole) => (role.type === 'project' ? 0 : 1);
  return roles
    .filter((role) => role.type === 'project' || role.type === 'custom')
    .sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? a.id - b.id : a.name.localeCompare(b.name)));
}
