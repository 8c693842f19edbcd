import type { FastifyInstance } from 'fastify';
import { type AccessResolver, unseenPrivateProjects } from './auth.ts';

// Two private-use characters around a project id: never typed by anyone, kept as they are by JSON serialisation.
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** Between a project id and the name of a flag in it: a mention of that flag. */
const FLAG = '\uE002';
const MENTION = /\uE000([^\uE000\uE001\uE002]*)(?:\uE002([^\uE000\uE001]*))?\uE001/g;

/**
 * A project named in a message (an error, a conflict, a validation finding). Code below the routes does not know who
 * asks, so it writes the mention and the answer renders it for its caller: `project "web"` where the caller may see
 * the project, `another project` where it is a private project they are no member of (`unseenPrivateProjects`).
 * Write it where "project" would stand: `moved to ${mentionProject(p)}`, `(in ${mentionProject(p)})`.
 */
export const mentionProject = (project: string): string => `${OPEN}${project}${CLOSE}`;

/** A flag named in a message: `"checkout"` where the caller may see its project, `a flag in another project` where not. */
export const mentionFlag = (project: string, flag: string): string =>
  `${OPEN}${project}${FLAG}${flag}${CLOSE}`;

/** What a mention says to a reader who may see its project. */
const spelled = (project: string, flag: string | undefined): string =>
  flag === undefined ? `project "${project}"` : `"${flag}"`;
const HIDDEN_PROJECT = 'another project';
const HIDDEN_FLAG = 'a flag in another project';

/**
 * Writes every mention of `text` out; `unseen` says which of the projects the reader may not see. In JSON text the
 * ids are JSON-escaped, and what replaces them is too.
 */
export async function renderMentions(
  text: string,
  unseen: (projects: string[]) => Promise<string[]>,
  json = false,
): Promise<string> {
  if (!text.includes(OPEN)) return text;
  const idOf = (raw: string): string => (json ? (JSON.parse(`"${raw}"`) as string) : raw);
  const named = [...new Set([...text.matchAll(MENTION)].map((match) => idOf(match[1]!)))];
  const hidden = new Set(await unseen(named));
  return text.replace(MENTION, (_, raw: string, rawFlag: string | undefined) => {
    const project = idOf(raw);
    if (hidden.has(project)) return rawFlag === undefined ? HIDDEN_PROJECT : HIDDEN_FLAG;
    const shown = spelled(project, rawFlag === undefined ? undefined : idOf(rawFlag));
    return json ? JSON.stringify(shown).slice(1, -1) : shown;
  });
}

/**
 * Writes every mention out in full, for readers who may see every project: integrations (configured by admins) and
 * logs. Stored text keeps its mentions, so an answer still renders them for whoever reads it.
 */
export const spellOutMentions = (text: string): string =>
  text.replace(MENTION, (_, project: string, flag: string | undefined) => spelled(project, flag));

/** The same over every string inside a value (an event and its data); other values are kept as they are. */
export function spellOutMentionsIn<T>(value: T): T {
  if (typeof value === 'string') return (value.includes(OPEN) ? spellOutMentions(value) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => spellOutMentionsIn(item)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, spellOutMentionsIn(item)])) as T;
}

/**
 * Renders the mentions of every answer for whoever asked, once, as it goes out: errors and bodies alike, whichever
 * feature wrote them. A caller without access (not signed in) sees no private project.
 */
export function registerProjectMentions(
  app: FastifyInstance,
  resolver: Pick<AccessResolver, 'privateProjects'>,
): void {
  // A callback hook, not an async one: the answers without a mention (nearly all) pass on without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !payload.includes(OPEN)) return done(null, payload);
    const json = String(reply.getHeader('content-type') ?? '').includes('json');
    renderMentions(
      payload,
      (projects) => unseenPrivateProjects(request.access, resolver, projects),
      json,
    ).then(
      (rendered) => done(null, rendered),
      (error: Error) => done(error),
    );
  });
}
