import type { NavGroup } from '../shell/navigation.ts';
import type { CommandEntry } from './match-entries.ts';

/** Every sidebar screen the user can see, plus the one only the user menu leads to. */
export function screenEntries(navigation: NavGroup[]): CommandEntry[] {
  const screens: CommandEntry[] = navigation.flatMap((group) =>
    group.items.map((item) => ({
      id: `screen:${item.to}`,
      kind: 'screen' as const,
      label: item.label,
      detail: group.label,
      to: item.to,
    })),
  );
  return [
    ...screens,
    { id: 'screen:/profile', kind: 'screen', label: 'Profile and sessions', detail: 'You', to: '/profile' },
  ];
}

/**
 * Things to do rather than places to go: a new project, a new API token, or a new flag in each project the user
 * may create in.
 */
export function actionEntries(
  projects: { id: string; name: string }[],
  can: { createProject: boolean; createToken: boolean; createFlagIn: (projectId: string) => boolean },
): CommandEntry[] {
  const actions: CommandEntry[] = [];
  if (can.createToken)
    actions.push({
      id: 'action:create-token',
      kind: 'action',
      label: 'Create API token',
      detail: 'Tokens',
      action: 'create-token',
    });
  if (can.createProject)
    actions.push({
      id: 'action:create-project',
      kind: 'action',
      label: 'Create project',
      action: 'create-project',
    });
  for (const project of projects)
    if (can.createFlagIn(project.id))
      actions.push({
        id: `action:create-flag:${project.id}`,
        kind: 'action',
        label: `Create flag in ${project.name}`,
        detail: project.id,
        action: { createFlagIn: project.id },
      });
  return actions;
}

/** The way from the menu to the search screen: every flag matching the text, with filters to narrow them. */
export function searchAllEntry(query: string): CommandEntry {
  return {
    id: 'action:search',
    kind: 'action',
    label: `Search all flags for “${query.trim()}”`,
    to: `/search?${new URLSearchParams({ q: query.trim() }).toString()}`,
  };
}

/** Flags whose switches the menu offers, of those the server found: the best few, so the list stays short. */
const TOGGLE_FLAGS = 3;

/**
 * "Turn on checkout in production" for the best matching flags, in each environment the user may switch; the
 * switch goes through the same write as the flag table's, so change requests draft it instead.
 */
export function toggleEntries(
  flags: { name: string; project: string; environments: { name: string; enabled: boolean }[] }[],
  canToggle: (projectId: string, environment: string) => boolean,
): CommandEntry[] {
  return flags.slice(0, TOGGLE_FLAGS).flatMap((flag) =>
    flag.environments
      .filter((env) => canToggle(flag.project, env.name))
      .map((env): CommandEntry => {
        const enabled = !env.enabled;
        return {
          id: `toggle:${flag.project}:${flag.name}:${env.name}`,
          kind: 'action',
          label: `Turn ${enabled ? 'on' : 'off'} ${flag.name} in ${env.name}`,
          detail: `Toggle · ${flag.project}`,
          action: {
            toggle: { projectId: flag.project, flagName: flag.name, environment: env.name, enabled },
          },
        };
      }),
  );
}
