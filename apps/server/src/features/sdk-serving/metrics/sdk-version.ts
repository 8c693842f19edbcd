/** An SDK as it names itself when it registers (`unleash-node-sdk:6.12.1`): its name and version. */
export type SdkVersion = { name: string; version: string };

export function parseSdkVersion(text: string): SdkVersion | undefined {
  const at = text.lastIndexOf(':');
  if (at <= 0 || at === text.length - 1) return undefined;
  return { name: text.slice(0, at), version: text.slice(at + 1) };
}

/** Compares dotted versions number by number (`1.10.0` > `1.9.3`); a pre-release suffix is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/, '')
      .split(/[-+]/)[0]!
      .split('.')
      .map((p) => Number.parseInt(p, 10) || 0);
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/**
 * Switchyard's rule for "outdated": an SDK version is outdated when an application reports a newer version of the
 * same SDK to this server. Returns the outdated `name:version` texts with the applications that use each.
 */
export function outdatedSdks(reports: { sdkVersion: string; appName: string }[]): {
  sdkVersion: string;
  applications: string[];
}[] {
  const newest = new Map<string, string>();
  for (const report of reports) {
    const sdk = parseSdkVersion(report.sdkVersion);
    if (!sdk) continue;
    const known = newest.get(sdk.name);
    if (!known || compareVersions(sdk.version, known) > 0) newest.set(sdk.name, sdk.version);
  }
  const outdated = new Map<string, Set<string>>();
  for (const report of reports) {
    const sdk = parseSdkVersion(report.sdkVersion);
    if (!sdk || compareVersions(sdk.version, newest.get(sdk.name)!) >= 0) continue;
    const apps = outdated.get(report.sdkVersion) ?? new Set<string>();
    apps.add(report.appName);
    outdated.set(report.sdkVersion, apps);
  }
  return [...outdated]
    .map(([sdkVersion, apps]) => ({ sdkVersion, applications: [...apps].sort() }))
    .sort((a, b) => a.sdkVersion.localeCompare(b.sdkVersion));
}
