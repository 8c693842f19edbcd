export type ArchivedRef = { name: string; project: string };

/** The chosen flags by project, since reviving and deleting many at once is a per-project operation. */
export function byProject(flags: ArchivedRef[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const flag of flags) groups.set(flag.project, [...(groups.get(flag.project) ?? []), flag.name]);
  return groups;
}
