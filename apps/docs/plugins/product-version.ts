import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Switchyard version these docs describe: the repository's own (root package.json). Until 1.0 the site has one
 * docs tree (decision record 0016): a version such as `0.1.0` is the current release and the docs carry its number; a
 * pre-release such as `0.2.0-dev` marks the docs as unreleased.
 */
export type ProductVersion = { version: string; released: boolean; label: string };

export function productVersion(packageVersion: string): ProductVersion {
  const match = /^(\d+)\.(\d+)\.\d+(-.+)?$/.exec(packageVersion);
  if (!match) throw new Error(`package.json version "${packageVersion}" is not major.minor.patch[-pre]`);
  const version = `${match[1]}.${match[2]}`;
  const released = match[3] === undefined;
  return { version, released, label: released ? version : `${version} (unreleased)` };
}

export function readProductVersion(siteDir: string): ProductVersion {
  const root = path.join(siteDir, '..', '..', 'package.json');
  return productVersion((JSON.parse(readFileSync(root, 'utf8')) as { version: string }).version);
}

/** Compares two `major.minor` versions. */
export function compareVersions(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}
