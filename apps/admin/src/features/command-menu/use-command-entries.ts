import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../api/client.ts';
import { useProjects } from '../projects/use-projects.ts';
import { useSegments } from '../segments/use-segments.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { visibleNavigation } from '../shell/navigation.ts';
import { actionEntries, screenEntries, searchAllEntry, toggleEntries } from './command-entries.ts';
import { matchEntries, type CommandEntry } from './match-entries.ts';

/** Flags the server sends per query: the menu lists at most MATCH_LIMIT entries of every kind together. */
const FLAG_LIMIT = 10;
/**
 * The first keystroke (or a pasted name) asks the server at once; while typing goes on it is asked once typing
 * pauses this long (a search of 10,000 flags takes about 45 ms). The last answer stays, filtered here, meanwhile.
 */
const FLAG_DEBOUNCE_MS = 50;

/**
 * What the command menu offers for `query`: flags found by the server's search, and projects, segments, screens
 * and actions held in memory. Everything is matched and ranked here on every keystroke, the flags of the last
 * server answer included, so the list follows the typing at once and the server only refines it.
 */
export function useCommandEntries(query: string, enabled: boolean): CommandEntry[] {
  const [debounced] = useDebouncedValue(query.trim(), FLAG_DEBOUNCE_MS, { leading: true });
  const flags = useQuery({
    queryKey: ['flags', 'command-menu', debounced],
    queryFn: ({ signal }) =>
      call('searchFeatures', {
        query: { query: debounced, limit: String(FLAG_LIMIT), sortBy: 'name', sortOrder: 'asc' },
        signal,
      }),
    enabled: enabled && debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const projects = useProjects();
  const segments = useSegments();
  const { can } = usePermissions();

  const local = useMemo(() => {
    const projectList = projects.data ?? [];
    return [
      ...projectList.map((p): CommandEntry => ({
        id: `project:${p.id}`,
        kind: 'project',
        label: p.name,
        detail: p.id,
        to: `/projects/${p.id}`,
      })),
      ...(segments.data ?? []).map((s): CommandEntry => ({
        id: `segment:${s.id}`,
        kind: 'segment',
        label: s.name,
        to: '/segments',
      })),
      ...screenEntries(visibleNavigation(can('ADMIN'))),
      ...actionEntries(projectList, {
        createProject: can('CREATE_PROJECT'),
        // As the API tokens screen: its list and form are for admins.
        createToken: can('ADMIN'),
        createFlagIn: (project) => can('CREATE_FEATURE', { project }),
      }),
    ];
  }, [projects.data, segments.data, can]);

  const flagEntries = useMemo(() => {
    if (!query.trim()) return [];
    const found = flags.data?.features ?? [];
    return [
      ...found.map((f): CommandEntry => ({
        id: `flag:${f.project}:${f.name}`,
        kind: 'flag',
        label: f.name,
        detail: f.project,
        to: `/projects/${encodeURIComponent(f.project)}/flags/${encodeURIComponent(f.name)}`,
      })),
      ...toggleEntries(found, (project, environment) =>
        can('UPDATE_FEATURE_ENVIRONMENT', { project, environment }),
      ),
    ];
  }, [flags.data, query, can]);
  return useMemo(() => {
    const matches = matchEntries([...flagEntries, ...local], query);
    // Always last, so Enter still opens the best match.
    return query.trim() ? [...matches, searchAllEntry(query)] : matches;
  }, [flagEntries, local, query]);
}
