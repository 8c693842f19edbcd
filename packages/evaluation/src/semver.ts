/** A parsed SemVer 2.0 version; build metadata is dropped because it never affects precedence. */
export type SemanticVersion = {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
};

const NUMBER = '0|[1-9]\\d*';
const IDENTIFIER = `(?:${NUMBER}|\\d*[a-zA-Z-][0-9a-zA-Z-]*)`;
const SEMVER_PATTERN = new RegExp(
  `^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})` +
    `(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?` +
    `(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?$`,
);
const MAX_LENGTH = 256;
const NUMERIC = /^\d+$/;

/** Parses strict SemVer 2.0 (no leading "v", no surrounding spaces); null when invalid. */
export function parseSemver(text: string): SemanticVersion | null {
  if (text.length > MAX_LENGTH) return null;
  const match = SEMVER_PATTERN.exec(text);
  if (!match) return null;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (![major, minor, patch].every(Number.isSafeInteger)) return null;
  return { major, minor, patch, prerelease: match[4] ? match[4].split('.') : [] };
}

/** True for strict SemVer 2.0, the form the server accepts for SEMVER_* constraint values. */
export function isValidSemver(text: string): boolean {
  return parseSemver(text) !== null;
}

/**
 * The context side of a SEMVER_* constraint: surrounding spaces are tolerated, a leading "v" is not
 * (the client specification expects "v2.0.0" to fail).
 */
export function parseContextSemver(text: string): SemanticVersion | null {
  return parseSemver(text.trim());
}

/**
 * The constraint side: the Node SDK (and so the real server) accepts one leading "v" or "=" here,
 * although the admin API never stores one.
 */
export function parseConstraintSemver(text: string): SemanticVersion | null {
  const trimmed = text.trim();
  return parseSemver(trimmed.startsWith('v') || trimmed.startsWith('=') ? trimmed.slice(1) : trimmed);
}

function compareIdentifiers(left: string, right: string): number {
  const leftNumeric = NUMERIC.test(left);
  const rightNumeric = NUMERIC.test(right);
  if (leftNumeric && rightNumeric) return Math.sign(Number(left) - Number(right));
  if (leftNumeric) return -1; // numeric identifiers sort below alphanumeric ones
  if (rightNumeric) return 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** SemVer 2.0 precedence: negative, zero or positive like a sort comparator. */
export function compareSemver(left: SemanticVersion, right: SemanticVersion): number {
  const core =
    Math.sign(left.major - right.major) ||
    Math.sign(left.minor - right.minor) ||
    Math.sign(left.patch - right.patch);
  if (core !== 0) return core;
  // A release sorts above any of its pre-releases.
  if (left.prerelease.length === 0 || right.prerelease.length === 0) {
    return Math.sign(right.prerelease.length - left.prerelease.length);
  }
  const shared = Math.min(left.prerelease.length, right.prerelease.length);
  for (let index = 0; index < shared; index += 1) {
    const order = compareIdentifiers(left.prerelease[index] ?? '', right.prerelease[index] ?? '');
    if (order !== 0) return order;
  }
  return Math.sign(left.prerelease.length - right.prerelease.length);
}
