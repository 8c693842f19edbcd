import { HttpError } from '../../../http/errors.ts';

/** The schema URNs of RFC 7643/7644 that Switchyard reads and writes. */
export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** RFC 7644 §3.12 error types. */
export type ScimType =
  'invalidFilter' | 'uniqueness' | 'invalidValue' | 'invalidSyntax' | 'noTarget' | 'mutability';

/** A refusal in SCIM's terms: the SCIM routes answer it as `{ schemas, status, scimType, detail }`. */
export class ScimError extends HttpError {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

/** A user as SCIM provisions it. `id` is the SCIM id (ours, stable); `userId` is Switchyard's user id. */
export type ScimUser = {
  id: string;
  userId: number;
  externalId: string | null;
  userName: string;
  email: string | null;
  name: string | null;
  active: boolean;
  createdAt: Date;
};

/** What a SCIM request says about a user, once read. */
export type ScimUserInput = {
  userName: string;
  externalId: string | null;
  email: string | null;
  name: string | null;
  active: boolean;
};

export type ScimGroup = {
  id: string;
  groupId: number;
  externalId: string | null;
  displayName: string;
  members: { value: string; display: string | null }[];
  createdAt: Date;
};

/** The one filter form identity providers send to look a resource up: `attribute eq "value"`. */
export type ScimFilter = { attribute: string; value: string };

const FILTER = /^\s*([A-Za-z][\w.]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** Reads `userName eq "ada@example.com"`; only attributes in `allowed` (case-insensitively) may be filtered on. */
export function parseFilter(filter: string | undefined, allowed: readonly string[]): ScimFilter | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = FILTER.exec(filter);
  const attribute = allowed.find((name) => name.toLowerCase() === match?.[1]?.toLowerCase());
  if (!match || !attribute)
    throw new ScimError(
      400,
      `Unsupported filter "${filter}": use ${allowed.map((a) => `${a} eq "..."`).join(' or ')}`,
      'invalidFilter',
    );
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') };
}

/** RFC 7644 §3.4.2.4: startIndex counts from 1, count is a page size; we never return more than `max`. */
export function pageOf(query: { startIndex?: number; count?: number }, max = 200) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(max, Math.max(0, query.count ?? max));
  return { startIndex, count };
}

/** SCIM booleans, which some providers (Entra ID) send as the strings "True" and "False". */
export function scimBoolean(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `"${field}" must be true or false`, 'invalidValue');
}

type ScimUserBody = {
  userName?: unknown;
  externalId?: unknown;
  displayName?: unknown;
  name?: { formatted?: unknown; givenName?: unknown; familyName?: unknown } | unknown;
  emails?: unknown;
  active?: unknown;
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The primary email, else the first one, else the userName when it is an address. */
function emailOf(emails: unknown, userName: string): string | null {
  const list = Array.isArray(emails)
    ? emails.filter((e): e is { value?: unknown; primary?: unknown } => typeof e === 'object' && e !== null)
    : [];
  const chosen = list.find((e) => e.primary === true || e.primary === 'True') ?? list[0];
  return text(chosen?.value) ?? (userName.includes('@') ? userName : null);
}

/** The person's name: displayName, else name.formatted, else given and family name. */
function nameOf(body: ScimUserBody): string | null {
  const name = (typeof body.name === 'object' && body.name) || {};
  const { formatted, givenName, familyName } = name as Record<string, unknown>;
  const parts = [text(givenName), text(familyName)].filter(Boolean).join(' ');
  return text(body.displayName) ?? text(formatted) ?? (parts || null);
}

/** A SCIM User resource (POST or PUT body) as Switchyard keeps it: userName, one email, one name, active. */
export function readScimUser(body: ScimUserBody): ScimUserInput {
  const userName = text(body.userName);
  if (!userName) throw new ScimError(400, '"userName" is required', 'invalidValue');
  return {
    userName,
    externalId: text(body.externalId),
    email: emailOf(body.emails, userName),
    name: nameOf(body),
    active: body.active === undefined ? true : scimBoolean(body.active, 'active'),
  };
}
