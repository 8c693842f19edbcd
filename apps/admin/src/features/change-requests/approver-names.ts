import { userLabel } from '../groups/user-label.ts';

/** Where a project's access is changed: its page's Access tab. */
export const projectAccessPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/access`;

/** People named in one line: "ada, bob and carl". */
export function names(people: { id: number; name?: string | null; username?: string | null }[]): string {
  const labels = people.map(userLabel);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
