import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { CommandMenuDialog } from './command-menu-dialog.tsx';
import type { CommandEntry } from './match-entries.ts';
import { useCommandEntries } from './use-command-entries.ts';

// The create forms load when an action asks for them, so the shell stays small.
const CreateFlagModal = lazy(async () => ({
  default: (await import('../flags/create-flag-modal.tsx')).CreateFlagModal,
}));
const ProjectFormModal = lazy(async () => ({
  default: (await import('../projects/project-form-modal.tsx')).ProjectFormModal,
}));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's "Search" button and Ctrl+K (⌘K): jump to any flag, project, segment or screen, or start an action. */
export function CommandMenu() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState<'project' | { flagIn: string }>();
  const entries = useCommandEntries(query, opened);
  // Works inside inputs too: the shortcut is how people leave whatever they are typing in.
  useHotkeys([['mod+K', () => setOpened(true)]], []);

  const close = () => {
    setOpened(false);
    setQuery('');
  };
  const choose = (entry: CommandEntry) => {
    close();
    if (entry.action === 'create-project') setCreating('project');
    else if (entry.action) setCreating({ flagIn: entry.action.createFlagIn });
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
        {typeof creating === 'object' && (
          <CreateFlagModal projectId={creating.flagIn} onClose={() => setCreating(undefined)} />
        )}
      </Suspense>
    </>
  );
}
