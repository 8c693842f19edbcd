import path from 'node:path';
import { compareVersions, type ProductVersion } from './product-version';

/**
 * `availability` front matter: the Unleash API version that introduced a feature (the site spec's version remarks),
 * the Switchyard version that first has it (`since`, from 0.2 on), and what it means here. At least one version.
 */
export type Availability = { unleashVersion?: string; since?: string; note: string };

export const DESCRIPTION_MAX = 200;

const KNOWN_AVAILABILITY_KEYS = new Set(['unleashVersion', 'since', 'note']);
const VERSION = /^\d+\.\d+(\.\d+)?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Problems with a doc's front matter (empty when it is fine): every page needs a title and a one-sentence
 * description, because both feed the page head, search results and build/meta/docs.json.
 */
export function frontMatterProblems(data: Record<string, unknown>, current?: ProductVersion): string[] {
  const problems: string[] = [];
  const { title, description, sidebar_label: sidebarLabel, availability } = data;
  if (typeof title !== 'string' || !title.trim()) problems.push('`title` is required');
  if (typeof description !== 'string' || !description.trim()) {
    problems.push('`description` is required');
  } else {
    if (description.length > DESCRIPTION_MAX)
      problems.push(`\`description\` is ${description.length} characters; at most ${DESCRIPTION_MAX}`);
    if (!/[.!?]$/.test(description.trim())) problems.push('`description` must end with a period');
  }
  if (sidebarLabel !== undefined && (typeof sidebarLabel !== 'string' || !sidebarLabel.trim()))
    problems.push('`sidebar_label` must be a non-empty string');
  if (availability !== undefined) {
    if (!isRecord(availability)) {
      problems.push('`availability` must be an object with `unleashVersion` and `note`');
    } else {
      const version = availability.unleashVersion;
      const since = availability.since;
      if (version === undefined && since === undefined)
        problems.push('`availability` needs `unleashVersion`, `since` or both');
      if (version !== undefined && (typeof version !== 'string' || !VERSION.test(version)))
        problems.push("`availability.unleashVersion` must be a quoted version such as '4.16'");
      if (since !== undefined && (typeof since !== 'string' || !VERSION.test(since)))
        problems.push("`availability.since` must be a quoted Switchyard version such as '0.2'");
      else if (typeof since === 'string' && current && compareVersions(since, current.version) > 0)
        problems.push(
          `\`availability.since\` is ${since}, later than the version these docs describe (${current.version})`,
        );
      if (typeof availability.note !== 'string' || !availability.note.trim())
        problems.push('`availability.note` is required');
      for (const key of Object.keys(availability))
        if (!KNOWN_AVAILABILITY_KEYS.has(key)) problems.push(`\`availability.${key}\` is not a known key`);
      if (typeof version === 'string' && typeof description === 'string' && !description.includes(version))
        problems.push(`\`description\` must state the version remark (Unleash ${version}) in words`);
    }
  }
  return problems;
}

/** Docs pages, as opposed to partials (`_name.mdx`, imported by pages) and Markdown outside the docs folders. */
export function isValidatedDoc(siteDir: string, filePath: string): boolean {
  const parts = path.relative(siteDir, filePath).split(path.sep);
  if (parts[0] !== 'docs' && parts[0] !== 'versioned_docs') return false;
  return /\.mdx?$/.test(filePath) && !parts.some((p) => p.startsWith('_'));
}
