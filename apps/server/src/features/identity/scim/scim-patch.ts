import { ScimError, scimBoolean, type ScimUserInput } from './scim.ts';

/** One operation of a PatchOp request (RFC 7644 §3.5.2); providers write `op` in any case. */
export type PatchOperation = { op: string; path?: string; value?: unknown };

const text = (value: unknown, field: string): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new ScimError(400, `"${field}" must be a string`, 'invalidValue');
  return value.trim() === '' ? null : value.trim();
};

function opOf(operation: PatchOperation): 'add' | 'replace' | 'remove' {
  const op = String(operation.op).toLowerCase();
  if (op === 'add' || op === 'replace' || op === 'remove') return op;
  throw new ScimError(
    400,
    `Unknown patch operation "${operation.op}": use add, replace or remove`,
    'invalidSyntax',
  );
}

/** The attributes of a user that a patch may set; any other attribute is accepted and not kept. */
function setUserAttribute(user: ScimUserInput, path: string, value: unknown, remove: boolean): ScimUserInput {
  const key = path.toLowerCase();
  if (key === 'active') return { ...user, active: remove ? false : scimBoolean(value, 'active') };
  if (key === 'username') {
    const userName = remove ? null : text(value, 'userName');
    if (!userName) throw new ScimError(400, '"userName" cannot be removed', 'mutability');
    return { ...user, userName };
  }
  if (key === 'displayname' || key === 'name.formatted')
    return { ...user, name: remove ? null : text(value, path) };
  if (key === 'externalid') return { ...user, externalId: remove ? null : text(value, path) };
  if (key === 'emails' || key.startsWith('emails[')) {
    const email = Array.isArray(value)
      ? (value as { value?: unknown }[])[0]?.value
      : typeof value === 'object' && value !== null
        ? (value as { value?: unknown }).value
        : value;
    return { ...user, email: remove ? null : text(email, 'emails') };
  }
  return user;
}

/** Applies a PatchOp to a user: active, userName, displayName, externalId and the email change; nothing else is kept. */
export function patchUser(user: ScimUserInput, operations: PatchOperation[]): ScimUserInput {
  let next = user;
  for (const operation of operations) {
    const op = opOf(operation);
    if (operation.path) {
      next = setUserAttribute(next, operation.path, operation.value, op === 'remove');
    } else if (typeof operation.value === 'object' && operation.value !== null && op !== 'remove') {
      for (const [path, value] of Object.entries(operation.value))
        next = setUserAttribute(next, path, value, false);
    } else {
      throw new ScimError(400, 'A patch operation without a path needs an object value', 'noTarget');
    }
  }
  return next;
}

/** What a patch does to a group: its new name, and members added, removed or set. */
export type GroupPatch = {
  displayName?: string;
  externalId?: string | null;
  /** Member SCIM ids: `set` replaces the list, then `add` and `remove` apply in order. */
  steps: ({ kind: 'add' | 'remove'; ids: string[] } | { kind: 'set'; ids: string[] } | { kind: 'clear' })[];
};

const memberIds = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((member, index) => {
    const id = typeof member === 'object' && member !== null ? (member as { value?: unknown }).value : member;
    if (typeof id !== 'string' || id === '')
      throw new ScimError(400, `members[${index}].value must be a user's SCIM id`, 'invalidValue');
    return id;
  });
};

const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

/** Reads a group PatchOp: displayName and externalId, and members added, removed or replaced. */
export function readGroupPatch(operations: PatchOperation[]): GroupPatch {
  const patch: GroupPatch = { steps: [] };
  const setAttribute = (path: string, value: unknown, op: 'add' | 'replace' | 'remove') => {
    const key = path.toLowerCase();
    if (key === 'displayname') {
      const name = op === 'remove' ? null : text(value, 'displayName');
      if (!name) throw new ScimError(400, '"displayName" cannot be removed', 'mutability');
      patch.displayName = name;
    } else if (key === 'externalid') patch.externalId = op === 'remove' ? null : text(value, 'externalId');
    else if (key === 'members') {
      if (op === 'replace') patch.steps.push({ kind: 'set', ids: memberIds(value) });
      else if (op === 'add') patch.steps.push({ kind: 'add', ids: memberIds(value) });
      else if (value === undefined) patch.steps.push({ kind: 'clear' });
      else patch.steps.push({ kind: 'remove', ids: memberIds(value) });
    } else {
      const member = MEMBER_FILTER.exec(path);
      if (member && op === 'remove') patch.steps.push({ kind: 'remove', ids: [member[1]!] });
      else if (member) throw new ScimError(400, `Cannot ${op} "${path}"`, 'invalidValue');
    }
  };
  for (const operation of operations) {
    const op = opOf(operation);
    if (operation.path) setAttribute(operation.path, operation.value, op);
    else if (typeof operation.value === 'object' && operation.value !== null && op !== 'remove') {
      for (const [path, value] of Object.entries(operation.value))
        if (path !== 'id') setAttribute(path, value, op);
    } else throw new ScimError(400, 'A patch operation without a path needs an object value', 'noTarget');
  }
  return patch;
}
