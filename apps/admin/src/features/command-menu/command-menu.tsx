import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { CommandMenuDialog } from './command-menu-dialog.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { useToggleEnvironment } from '../flags/use-toggle-environment.ts';
import type { CommandEntry } from './match-entries.ts';
import { useCommandEntries } from './use-command-entries.ts';

// The create forms load when an action asks for them, so the shell stays small.
const CreateFlagModal = lazy(async () => ({
  default: (await import('../flags/create-flag-modal.tsx')).CreateFlagModal,
}));
const ProjectFormModal = lazy(async () => ({
  default: (await import('../projects/project-form-modal.tsx')).ProjectFormModal,
}));
const CreateApiTokenModal = lazy(async () => ({
  default: (await import('../api-tokens/create-api-token-modal.tsx')).CreateApiTokenModal,
}));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's "Search" button and Ctrl+K (⌘K): jump to any flag, project, segment or screen, or start an action. */
export function CommandMenu() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState<'project' | 'token' | { flagIn: string }>();
  const toggle = useToggleEnvironment();
  const entries = useCommandEntries(query, opened);
  // Works inside inputs too: the shortcut is how people leave whatever they are typing in.
  useHotkeys([['mod+K', () => setOpened(true)]], []);

  const close = () => {
    setOpened(false);
    setQuery('');
  };
  const choose = (entry: CommandEntry) => {
    close();
    const action = entry.action;
    if (action === 'create-project') setCreating('project');
    else if (action === 'create-token') setCreating('token');
    else if (action && 'toggle' in action) {
      const { flagName, environment, enabled } = action.toggle;
      toggle.mutate(action.toggle, {
        onSuccess: (written) => {
          // A drafted switch says so itself (see useChangeWriter).
          if (written !== 'drafted')
            notifySuccess(`Turned ${enabled ? 'on' : 'off'} ${flagName} in ${environment}`);
        },
      });
    } else if (action) setCreating({ flagIn: action.createFlagIn });
    else if (entry.to) void navigate(entry.to);
  };

  return (
    <>
      <Button
        variant="default"
        onClick={() => setOpened(true)}
        rightSection={<Kbd size="xs">{isMac ? '⌘K' : 'Ctrl K'}</Kbd>}
        aria-keyshortcuts="Control+K Meta+K"
      >
        Search
      </Button>
      <CommandMenuDialog
        opened={opened}
        query={query}
        entries={entries}
        onQuery={setQuery}
        onChoose={choose}
        onClose={close}
      />
      <Suspense>
        {creating === 'project' && <ProjectFormModal opened onClose={() => setCreating(undefined)} />}
        {creating === 'token' && <CreateApiTokenModal onClose={() => setCreating(undefined)} />}
        {typeof creating === 'object' && (
          <CreateFlagModal projectId={creating.flagIn} onClose={() => setCreating(undefined)} />
        )}
      </Suspense>
    </>
  );
}
