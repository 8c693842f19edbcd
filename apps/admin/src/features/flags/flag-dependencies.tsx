import { Alert, Button, Group, Paper, Select, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Flag } from '../../api/wire.ts';
import { notifyError } from '../../ui/notify.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { useFlagActions } from './use-flag-actions.ts';
import { useParentOptions, useParentVariants } from '../flag-dependencies/use-parent-variants.ts';

/** Parent flags this flag depends on (one level only), and the flags that depend on it. */
export function FlagDependencies({ flag, canEdit }: { flag: Flag; canEdit: boolean }) {
  const actions = useFlagActions(flag.project, flag.name);
  const [adding, setAdding] = useState(false);
  const draftIn = useDraftEnvironment(flag.project);
  const dependencies = flag.dependencies ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-label="Dependencies">
      <Stack gap="xs">
        {dependencies.length === 0 && <Text size="sm">This flag depends on no other flag.</Text>}
        {dependencies.map((d) => (
          <Group key={d.feature} justify="space-between">
            <Text size="sm">
              Needs{' '}
              <Link
                to={`/projects/${encodeURIComponent(flag.project)}/flags/${encodeURIComponent(d.feature)}`}
              >
                {d.feature}
              </Link>{' '}
              {d.enabled === false ? 'to be off' : 'to be on'}
              {d.variants?.length ? ` with variant ${d.variants.join(' or ')}` : ''}
            </Text>
            {canEdit && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() =>
                  actions.removeDependency.mutate(d.feature, {
                    onError: (e) => notifyError(e, 'remove the dependency'),
                  })
                }
              >
                {draftIn ? 'Draft removal' : 'Remove'}
              </Button>
            )}
          </Group>
        ))}
        {(flag.children ?? []).length > 0 && (
          <Text size="sm" c="dimmed">
            Flags that depend on this one: {flag.children!.join(', ')}
          </Text>
        )}
        {canEdit && !adding && (
          <Button size="xs" variant="light" w="fit-content" onClick={() => setAdding(true)}>
            Add dependency
          </Button>
        )}
        {adding && <AddDependency flag={flag} onDone={() => setAdding(false)} />}
      </Stack>
    </Paper>
  );
}

function AddDependency({ flag, onDone }: { flag: Flag; onDone: () => void }) {
  const options = useParentOptions(flag.project, flag.name);
  const { addDependency } = useFlagActions(flag.project, flag.name);
  const [parent, setParent] = useState<string | null>(null);
  const draftIn = useDraftEnvironment(flag.project);
  const [enabled, setEnabled] = useState(true);
  const [variants, setVariants] = useState<string[]>([]);
  const parentVariants = useParentVariants(flag.project, parent);
  return (
    <Stack gap="xs">
      {addDependency.error && <Alert color="red">{addDependency.error.message}</Alert>}
      <Select
        label="Parent flag"
        data={options.data ?? []}
        value={parent}
        onChange={setParent}
        searchable
        nothingFoundMessage="No flag can be a parent"
      />
      <Switch
        label="Parent must be on"
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      {enabled && (
        <TagsInput
          label="Only with these parent variants (optional)"
          data={parentVariants.data ?? []}
          value={variants}
          onChange={setVariants}
        />
      )}
      <Group>
        <Button
          size="xs"
          disabled={!parent}
          loading={addDependency.isPending}
          onClick={() =>
            parent &&
            addDependency.mutate(
              enabled ? { feature: parent, enabled, variants } : { feature: parent, enabled },
              { onSuccess: onDone },
            )
          }
        >
          {draftIn ? 'Add to draft' : 'Add'}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
