import { createHash } from 'node:crypto';
import type { Principal } from '../../../http/auth.ts';
import { BadDataError } from '../../../http/errors.ts';

/** The resolved query of a client request: what the token allows, narrowed by the query string. */
export type ClientQuery = {
  environment: string;
  project?: string[];
  namePrefix?: string;
  tag?: [string, string][];
  inlineSegmentConstraints: boolean;
};

export type ClientQueryString = {
  project?: string | string[];
  namePrefix?: string;
  tag?: string | string[];
  environment?: string;
};

const list = (value: string | string[] | undefined): string[] =>
  value === undefined
    ? []
    : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter(Boolean);

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

/** SDKs that send `Unleash-Client-Spec` 4.2.0 or newer understand segments by id; older ones get them inlined. */
export function understandsSegments(specHeader: string | string[] | undefined): boolean {
  const value = Array.isArray(specHeader) ? specHeader[0] : specHeader;
  if (!value) return false;
  const match = SEMVER.exec(value.trim());
  if (!match) {
    throw new BadDataError(`Unleash-Client-Spec must be a semantic version, got "${value}"`, [
      {
        message: 'the Unleash-Client-Spec header must be a semantic version such as 5.2.0',
        path: '/headers/unleash-client-spec',
      },
    ]);
  }
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 4 || (major === 4 && minor >= 2);
}

/** The token's scope wins over the query string, as in Unleash. */
export function resolveClientQuery(
  principal: Principal,
  queryString: ClientQueryString,
  specHeader: string | string[] | undefined,
): ClientQuery {
  if (principal.kind !== 'token') throw new Error('client queries need an API token');
  const tags = list(queryString.tag).map((tag, index): [string, string] => {
    const colon = tag.indexOf(':');
    if (colon <= 0 || colon === tag.length - 1) {
      throw new BadDataError(`"tag[${index}]" must look like type:value, got "${tag}"`, [
        {
          message: `"tag[${index}]" fails to match the tag pattern type:value`,
          path: `/querystring/tag/${index}`,
        },
      ]);
    }
    return [tag.slice(0, colon), tag.slice(colon + 1)];
  });
  const requestedProjects = list(queryString.project);
  const project = principal.projects.includes('*') ? requestedProjects : principal.projects;
  const environment =
    principal.environment !== '*' ? principal.environment : (queryString.environment ?? 'default');
  const query: ClientQuery = { environment, inlineSegmentConstraints: !understandsSegments(specHeader) };
  if (project.length) query.project = [...project].sort();
  if (queryString.namePrefix) query.namePrefix = queryString.namePrefix;
  if (tags.length) query.tag = tags;
  return query;
}

/** A short, stable hash of a resolved query: part of the ETag and the cache key. */
export function queryHash(query: ClientQuery): string {
  return createHash('sha1').update(JSON.stringify(query)).digest('hex').slice(0, 8);
}
