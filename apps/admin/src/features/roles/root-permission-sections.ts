/** A heading of the root permission checklist and the permissions under it. */
export type Section<T> = { title: string; permissions: T[] };

/** Which section a root permission belongs in, by the thing it acts on; the catalogue's own order is kept within. */
const SECTIONS: { title: string; matches: (name: string) => boolean }[] = [
  { title: 'Integrations', matches: (name) => name.endsWith('_ADDON') },
  { title: 'Strategies', matches: (name) => name.endsWith('_STRATEGY') },
  { title: 'Applications', matches: (name) => name.endsWith('_APPLICATION') },
  { title: 'Context fields', matches: (name) => name.endsWith('_CONTEXT_FIELD') },
  { title: 'Projects', matches: (name) => name.endsWith('_PROJECT') },
  { title: 'Roles', matches: (name) => name.endsWith('_ROLE') },
  { title: 'Tag types', matches: (name) => name.endsWith('_TAG_TYPE') },
  { title: 'Segments', matches: (name) => name.endsWith('_SEGMENT') },
  { title: 'API tokens', matches: (name) => name.endsWith('_API_TOKEN') },
];
const INSTANCE = 'Instance';

/** Groups root permissions for the checklist; whatever names no known thing goes under Instance settings. */
export function rootPermissionSections<T extends { name: string }>(permissions: readonly T[]): Section<T>[] {
  const sections = [...SECTIONS.map(({ title }) => title), INSTANCE].map((title): Section<T> => ({
    title,
    permissions: [],
  }));
  for (const permission of permissions) {
    const index = SECTIONS.findIndex(({ matches }) => matches(permission.name));
    sections[index < 0 ? SECTIONS.length : index]!.permissions.push(permission);
  }
  return sections.filter((section) => section.permissions.length > 0);
}
