import { Alert, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Banner } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { BannerFormModal } from './banner-form-modal.tsx';
import { BannerView } from './banner-view.tsx';
import { useBannerMutations, useBanners } from './use-banners.ts';

const short = (message: string) => (message.length > 40 ? `${message.slice(0, 40)}…` : message);

/** Messages shown at the top of every screen. Admins write them; everyone sees the enabled ones. */
export function BannersPage() {
  const allowed = usePermissions().can('ADMIN');
  const banners = useBanners();
  const { setEnabled, remove } = useBannerMutations();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  if (!allowed)
    return (
      <>
        <PageHeader title="Banners" />
        <Alert color="gray">
          Only administrators can write banners. The enabled ones show at the top of every screen.
        </Alert>
      </>
    );
  const toggle = (banner: Banner, enabled: boolean) =>
    setEnabled.mutate(
      { id: banner.id, enabled },
      {
        onSuccess: () => notifySuccess(enabled ? 'Banner shown to everyone' : 'Banner hidden'),
        onError: (error) => notifyError(error, enabled ? 'show the banner' : 'hide the banner'),
      },
    );
  return (
    <>
      <PageHeader
        title="Banners"
        description="Messages at the top of every screen for everyone who signs in: maintenance windows, release freezes, guidelines."
        actions={<Button onClick={() => setEditing('new')}>New banner</Button>}
      />
      <QueryState
        query={banners}
        label="banners"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No banners yet.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Banner</Table.Th>
                <Table.Th>Shown</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((banner) => (
                <Table.Tr key={banner.id}>
                  <Table.Td>
                    <Stack gap={4}>
                      <BannerView banner={banner} />
                      <Text size="xs" c="dimmed">
                        Created {new Date(banner.createdAt).toLocaleString()}
                        {banner.sticky ? ' · stays in view' : ''}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Show "${short(banner.message)}"`}
                      checked={banner.enabled}
                      disabled={setEnabled.isPending && setEnabled.variables?.id === banner.id}
                      onChange={(event) => toggle(banner, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(banner)}>
                        Edit
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(banner)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <BannerFormModal banner={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title="Delete this banner?"
          confirmLabel="Delete banner"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess('Banner deleted');
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the banner'),
            })
          }
        >
          <Text size="sm">
            “{short(deleting.message)}” disappears for everyone. To show it again later, switch it off
            instead.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
