import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ReleaseTemplate } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { describeInterval } from './release-template-model.ts';
import { RELEASE_TEMPLATES_PATH } from './release-template-page.tsx';
import { useReleaseTemplateMutations, useReleaseTemplates } from './use-release-templates.ts';

/** "Ten percent → (1 h) → Half → Everyone": the milestones in order, with the waits that start the next. */
export function milestoneSummary(template: ReleaseTemplate): string {
  const sorted = [...template.milestones].sort((a, b) => a.sortOrder - b.sortOrder);
  return sorted
    .map((milestone, index) => {
      const wait = milestone.transitionCondition?.intervalMinutes;
      return wait && index < sorted.length - 1
        ? `${milestone.name} → (${describeInterval(wait)})`
        : milestone.name;
    })
    .join(' → ');
}

type Pending = { template: ReleaseTemplate; action: 'archive' | 'delete' };

/** Reusable releases: the templates a flag environment's release plan is added from. */
export function ReleaseTemplatesPage() {
  const { can } = usePermissions();
  const templates = useReleaseTemplates();
  const { archive, remove } = useReleaseTemplateMutations();
  const [pending, setPending] = useState<Pending | null>(null);
  const canCreate = can('RELEASE_PLAN_TEMPLATE_CREATE');
  const canUpdate = can('RELEASE_PLAN_TEMPLATE_UPDATE');
  const canDelete = can('RELEASE_PLAN_TEMPLATE_DELETE');
  const act = ({ template, action }: Pending) =>
    (action === 'archive' ? archive : remove).mutate(template.id, {
      onSuccess: () => {
        notifySuccess(
          `${action === 'archive' ? 'Archived' : 'Deleted'} the release template ${template.name}`,
        );
        setPending(null);
      },
      onError: (error) => notifyError(error, `${action} the release template`),
    });
  return (
    <>
      <PageHeader
        title="Release templates"
        description="Milestones such as 10%, 50%, everyone, that a flag environment follows one at a time as its release plan, by hand or after a wait."
        actions={
          canCreate && (
            <Button component={Link} to={`${RELEASE_TEMPLATES_PATH}/new`}>
              New release template
            </Button>
          )
        }
      />
      <QueryState
        query={templates}
        label="release templates"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No release templates yet.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Template</Table.Th>
                <Table.Th>Milestones</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Anchor component={Link} to={`${RELEASE_TEMPLATES_PATH}/${template.id}`} fw={600}>
                        {template.name}
                      </Anchor>
                      {template.description && (
                        <Text size="sm" c="dimmed">
                          {template.description}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{milestoneSummary(template) || 'No milestones'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {canUpdate && (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Archive ${template.name}`}
                          onClick={() => setPending({ template, action: 'archive' })}
                        >
                          Archive
                        </Button>
                      )}
                      {canDelete && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={`Delete ${template.name}`}
                          onClick={() => setPending({ template, action: 'delete' })}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {pending && (
        <ConfirmModal
          opened
          title={`${pending.action === 'archive' ? 'Archive' : 'Delete'} ${pending.template.name}?`}
          confirmLabel={pending.action === 'archive' ? 'Archive template' : 'Delete template'}
          loading={archive.isPending || remove.isPending}
          onClose={() => setPending(null)}
          onConfirm={() => act(pending)}
        >
          <Text size="sm">
            {pending.action === 'archive'
              ? 'It can no longer be added to flags; release plans already added from it keep their milestones.'
              : 'The template, its milestones and their strategies are gone for good. Release plans already added from it keep their copy.'}
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
