import {
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNameCheck } from '../../api/use-name-check.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { tagLabel, tagPartProblem, useTagMutations, useTags, useTagTypes } from './use-tags.ts';

export function TagsPage() {
  const canEdit = usePermissions().can('UPDATE_TAG_TYPE');
  return (
    <>
      <PageHeader
        title="Tags"
        description="Tag types group tags; tags label flags for filtering and for SDK queries."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TagTypesPanel canEdit={canEdit} />
        <TagsPanel canEdit={canEdit} />
      </SimpleGrid>
    </>
  );
}

function TagTypesPanel({ canEdit }: { canEdit: boolean }) {
  const types = useTagTypes();
  const { saveTagType, deleteTagType } = useTagMutations();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const errors = fieldErrors(saveTagType.error);
  const taken = useNameCheck('validateTagType');
  const nameProblem =
    tagPartProblem(name, 'tag type name') ??
    (/^[A-Za-z0-9._~-]+$/.test(name.trim()) ? undefined : 'Letters, digits and . _ ~ - only');
  return (
    <Paper withBorder p="md" component="section" aria-label="Tag types">
      <Title order={2} size="h4" mb="sm">
        Tag types
      </Title>
      <QueryState query={types} label="tag types">
        {(list) => (
          <Table>
            <Table.Tbody>
              {list.map((t) => (
                <Table.Tr key={t.name}>
                  <Table.Td>
                    <Text fw={500}>{t.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t.description}
                    </Text>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td align="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          deleteTagType.mutate(t.name, {
                            onError: (e) => notifyError(e, 'delete the tag type'),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {canEdit && (
        <Stack gap="xs" mt="sm">
          <Group align="flex-start" grow>
            <TextInput
              label="New tag type"
              value={name}
              error={(tried ? nameProblem : undefined) ?? taken.problem ?? errors.name ?? errors.form}
              onChange={(e) => {
                taken.clear();
                setName(e.currentTarget.value);
              }}
              onBlur={(e) => void taken.check(e.currentTarget.value)}
            />
            <TextInput
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
          </Group>
          <Button
            size="xs"
            w="fit-content"
            loading={saveTagType.isPending}
            onClick={() => {
              setTried(true);
              if (nameProblem) return;
              saveTagType.mutate(
                { name: name.trim(), description, existing: false },
                {
                  onSuccess: () => {
                    notifySuccess(`Created tag type ${name}`);
                    setName('');
                    setDescription('');
                    setTried(false);
                  },
                },
              );
            }}
          >
            Add tag type
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function TagsPanel({ canEdit }: { canEdit: boolean }) {
  const types = useTagTypes();
  const [shown, setShown] = useState<string | null>(null);
  const tags = useTags(shown);
  const { createTag, deleteTag } = useTagMutations();
  const [type, setType] = useState<string | null>('simple');
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const errors = fieldErrors(createTag.error);
  const valueProblem = tagPartProblem(value, 'tag value');
  return (
    <Paper withBorder p="md" component="section" aria-label="Tags">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Tags
        </Title>
        <Select
          aria-label="Show tags of type"
          placeholder="All types"
          data={(types.data ?? []).map((t) => t.name)}
          value={shown}
          onChange={setShown}
          clearable
          size="xs"
          w={180}
        />
      </Group>
      <QueryState
        query={tags}
        label="tags"
        isEmpty={(l) => l.length === 0}
        empty={<EmptyState>No tags yet.</EmptyState>}
      >
        {(list) => (
          <Group gap={6}>
            {list.map((tag) => (
              <Badge
                key={tagLabel(tag)}
                variant="light"
                rightSection={
                  canEdit ? (
                    <CloseButton
                      size="xs"
                      aria-label={`Delete tag ${tagLabel(tag)}`}
                      onClick={() =>
                        deleteTag.mutate(tag, { onError: (e) => notifyError(e, 'delete the tag') })
                      }
                    />
                  ) : undefined
                }
              >
                {tagLabel(tag)}
              </Badge>
            ))}
          </Group>
        )}
      </QueryState>
      {canEdit && (
        <Stack gap="xs" mt="sm">
          <Group align="flex-start" grow>
            <Select
              label="Tag type"
              data={(types.data ?? []).map((t) => t.name)}
              value={type}
              onChange={setType}
              allowDeselect={false}
            />
            <TextInput
              label="Value"
              value={value}
              error={(tried ? valueProblem : undefined) ?? errors.value ?? errors.form}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          </Group>
          <Button
            size="xs"
            w="fit-content"
            disabled={!type}
            loading={createTag.isPending}
            onClick={() => {
              setTried(true);
              if (!type || valueProblem) return;
              createTag.mutate(
                { type, value: value.trim() },
                {
                  onSuccess: () => {
                    setValue('');
                    setTried(false);
                  },
                },
              );
            }}
          >
            Add tag
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
