import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useFlagLinks, type FlagLink } from './use-flag-links.ts';

/** Links from a flag to where it is discussed or built: the ticket, the pull request, the dashboard. */
export function FlagLinks({
  flag,
  canEdit,
}: {
  flag: { project: string; name: string; links?: FlagLink[] };
  canEdit: boolean;
}) {
  const { save, remove } = useFlagLinks(flag.project, flag.name);
  const links = flag.links ?? [];
  const [editing, setEditing] = useState<FlagLink | 'new' | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-label="Links">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Links
        </Title>
        {canEdit && editing === null && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            Add link
          </Button>
        )}
      </Group>
      <Stack gap={4}>
        {links.length === 0 && editing === null && (
          <Text size="sm" c="dimmed">
            No links yet.
          </Text>
        )}
        {links.map((link) =>
          editing !== 'new' && editing?.id === link.id ? (
            <LinkForm key={link.id} link={link} onDone={() => setEditing(null)} save={save} />
          ) : (
            <Group key={link.id} justify="space-between" wrap="nowrap">
              <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm" truncate>
                {link.title || link.url}
              </Anchor>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="subtle" onClick={() => setEditing(link)}>
                    Edit
                  </Button>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove link ${link.title || link.url}`}
                    loading={remove.isPending && remove.variables === link.id}
                    onClick={() =>
                      remove.mutate(link.id, {
                        onSuccess: () => notifySuccess('Removed the link'),
                        onError: (error) => notifyError(error, 'remove the link'),
                      })
                    }
                  >
                    ×
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ),
        )}
        {editing === 'new' && <LinkForm onDone={() => setEditing(null)} save={save} />}
      </Stack>
    </Paper>
  );
}

function LinkForm({
  link,
  save,
  onDone,
}: {
  link?: FlagLink;
  save: ReturnType<typeof useFlagLinks>['save'];
  onDone: () => void;
}) {
  const [url, setUrl] = useState(link?.url ?? '');
  const [title, setTitle] = useState(link?.title ?? '');
  const errors = fieldErrors(save.error);
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <TextInput
          label="URL"
          value={url}
          error={errorFor(errors, 'url') ?? errors.form}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!url.trim()}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: link?.id, url: url.trim(), title: title.trim() || undefined },
              { onSuccess: onDone },
            )
          }
        >
          {link ? 'Save link' : 'Add link'}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
