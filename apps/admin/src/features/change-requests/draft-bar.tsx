import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState } from '../../ui/query-state.tsx';
import { changeCount, changeRequestPath } from './change-request-state.tsx';
import { draftEnvironment } from './use-change-writer.ts';
import { useChangeRequestConfig, usePendingChangeRequests } from './use-change-requests.ts';

/** The caller's drafts in a project, with how many changes each holds and a link to review and submit it. */
export function DraftBar({ projectId }: { projectId: string }) {
  const config = useChangeRequestConfig(projectId);
  const on = draftEnvironment(config.data) !== undefined;
  if (!on) return null;
  return <Drafts projectId={projectId} />;
}

function Drafts({ projectId }: { projectId: string }) {
  const pending = usePendingChangeRequests(projectId);
  if (pending.error)
    return <ErrorState label="your drafts" error={pending.error} retry={() => pending.refetch()} />;
  const drafts = (pending.data ?? []).filter((r) => r.state === 'Draft' && changeCount(r) > 0);
  if (drafts.length === 0) return null;
  return (
    <Alert color="blue" mb="md" role="region" aria-label="Your drafts">
      <Group gap="lg">
        {drafts.map((draft) => {
          const count = changeCount(draft);
          return (
            <Group key={draft.id} gap="xs">
              <Text size="sm">
                {count} change{count === 1 ? '' : 's'} in your draft for {draft.environment}
              </Text>
              <Anchor component={Link} to={changeRequestPath(projectId, draft.id)} size="sm" fw={600}>
                Review draft in {draft.environment}
              </Anchor>
            </Group>
          );
        })}
      </Group>
    </Alert>
  );
}
