/** The project page's tabs, each at its own address: flags at /projects/:id, the others at /projects/:id/<tab>. */
export const PROJECT_TABS = ['flags', 'settings', 'health', 'change-requests', 'access', 'actions'] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The address of a project's tab. */
export function projectTabPath(projectId: string, tab: ProjectTab): string {
  const base = `/projects/${encodeURIComponent(projectId)}`;
  return tab === 'flags' ? base : `${base}/${tab}`;
}

/** The tab an address segment names (none is the flags tab), or undefined for a segment that names no tab. */
export function projectTabFrom(segment: string | undefined): ProjectTab | undefined {
  if (segment === undefined || segment === '') return 'flags';
  return (PROJECT_TABS as readonly string[]).includes(segment) ? (segment as ProjectTab) : undefined;
}
