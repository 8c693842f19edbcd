import { Badge, CloseButton, Group, Select } from '@mantine/core';
import type { Tag } from '../../api/wire.ts';
import { notifyError } from '../../ui/notify.ts';
import { parseTag, tagLabel, useTags } from '../tags/use-tags.ts';
import { useFlagActions } from './use-flag-actions.ts';

/** A flag's tags, removable, with a picker to add one of the existing tags. */
export function FlagTags({
  projectId,
  flagName,
  tags,
  canEdit,
}: {
  projectId: string;
  flagName: string;
  tags: Tag[];
  canEdit: boolean;
}) {
  const all = useTags();
  const actions = useFlagActions(projectId, flagName);
  const have = new Set(tags.map(tagLabel));
  return (
    <Group gap={6}>
      {tags.map((tag) => (
        <Badge
          key={tagLabel(tag)}
          variant="light"
          rightSection={
            canEdit ? (
              <CloseButton
                size="xs"
                aria-label={`Remove tag ${tagLabel(tag)}`}
                onClick={() =>
                  actions.removeTag.mutate(tag, { onError: (e) => notifyError(e, 'remove the tag') })
                }
              />
            ) : undefined
          }
        >
          {tagLabel(tag)}
        </Badge>
      ))}
      {tags.length === 0 && !canEdit && '–'}
      {canEdit && (
        <Select
          aria-label="Add a tag"
          placeholder="Add tag"
          size="xs"
          w={160}
          searchable
          value={null}
          data={(all.data ?? []).map(tagLabel).filter((label) => !have.has(label))}
          onChange={(label) => {
            const tag = label ? parseTag(label) : undefined;
            if (tag) actions.addTag.mutate(tag, { onError: (e) => notifyError(e, 'add the tag') });
          }}
        />
      )}
    </Group>
  );
}
