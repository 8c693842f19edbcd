import { Alert, Anchor, Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Crumbs } from '../../ui/crumbs.tsx';
import { when } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useSession } from '../session/use-session.ts';
import { ChangeList } from './change-diff-view.tsx';
import { ChangeRequestReviewers } from './change-request-reviewers.tsx';
import { ChangeRequestComments } from './change-request-comments.tsx';
import { ChangeRequestPlayground } from './change-request-playground.tsx';
import { ChangeRequestResult } from './change-request-result.tsx';
import { StateBadge, titleOf } from './change-request-state.tsx';
import type { ChangeRequest } from './change-request-types.ts';
import { names, projectAccessPath } from './approver-names.ts';
import { ReviewActions, reviewRights } from './review-actions.tsx';
import { useProjectApprovers } from './use-change-request-search.ts';
import { useChangeRequest, useChangeRequestActions } from './use-change-requests.ts';

/** /projects/:projectId/change-requests/:id: one request's changes as diffs, its review and its discussion. */
export function ChangeRequestPage() {
  const params = useParams() as { projectId: string; id: string };
  const projectId = params.projectId;
  const id = Number(params.id);
  const request = useChangeRequest(projectId, id);
  const listPath = `/projects/${encodeURIComponent(projectId)}/change-requests`;
  return (
    <>
      <Crumbs
        items={[
          { label: 'Projects', to: '/projects' },
          { label: projectId, to: `/projects/${encodeURIComponent(projectId)}` },
          { label: 'Change requests', to: listPath },
          { label: `#${params.id}` },
        ]}
      />
      {request.error instanceof ApiError && request.error.status === 404 ? (
        <EmptyState>
          There is no change request #{params.id} in {projectId} that you can see (drafts are private to their
          author).
        </EmptyState>
      ) : (
        <QueryState query={request} label="the change request">
          {(data) => <Review request={data} />}
        </QueryState>
      )}
    </>
  );
}

function Review({ request }: { request: ChangeRequest }) {
  const { can } = usePermissions();
  const me = useSession().data;
  const rights = reviewRights(request, me?.user.id, can);
  const actions = useChangeRequestActions(request.project, request.id);
  const conflicts = [
    ...request.features.flatMap((f) => [
      ...(f.conflict ? [`${f.name}: ${f.conflict}`] : []),
      ...f.changes.filter((c) => c.conflict).map((c) => `${f.name}: ${c.conflict}`),
    ]),
    ...request.segments.filter((c) => c.conflict).map((c) => `segment ${c.name}: ${c.conflict}`),
  ];
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm">
            {titleOf(request)}
            <StateBadge state={request.state} />
          </Group>
        }
        description={`${request.environment} · by ${request.createdBy.username ?? 'someone'} · created ${when(request.createdAt)}`}
      />
      {conflicts.length > 0 && (
        <Alert color="red" title="Conflicts" role="alert" mb="md">
          The flag or segment changed since these changes were drafted; the request cannot be applied until
          they are updated:
          <ul>
            {conflicts.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </Alert>
      )}
      {request.approversProblem && <NobodyApproves request={request} problem={request.approversProblem} />}
      {request.schedule && (
        <Alert
          color={request.schedule.status === 'pending' ? 'blue' : 'red'}
          title={`Scheduled for ${when(request.schedule.scheduledAt)}`}
          role={request.schedule.status === 'pending' ? 'status' : 'alert'}
          mb="md"
        >
          {request.schedule.status === 'pending'
            ? 'The changes apply themselves at that time.'
            : `${request.schedule.status === 'failed' ? 'Applying failed' : 'Suspended'}: ${
                request.schedule.failureReason ?? request.schedule.reason ?? 'no reason given'
              }`}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {rights.edit && <TitleEditor request={request} />}
            <ChangeRequestResult request={request} />
            <ChangeList
              request={request}
              canRemove={rights.edit}
              removing={actions.removeChange.isPending}
              onRemove={(changeId) =>
                actions.removeChange.mutate(changeId, {
                  onSuccess: () => notifySuccess('Removed the change'),
                  onError: (error) => notifyError(error, 'remove the change'),
                })
              }
            />
            <ChangeRequestComments request={request} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <ReviewActions request={request} />
            <ChangeRequestReviewers request={request} canEdit={rights.edit} />
            {request.features.length > 0 && <ChangeRequestPlayground request={request} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function TitleEditor({ request }: { request: ChangeRequest }) {
  const { setTitle } = useChangeRequestActions(request.project, request.id);
  const [title, setTitleText] = useState(request.title ?? '');
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label="Title"
        style={{ flex: 1 }}
        value={title}
        error={setTitle.error?.message}
        onChange={(e) => setTitleText(e.currentTarget.value)}
      />
      <Button
        variant="default"
        disabled={!title.trim() || title === (request.title ?? '')}
        loading={setTitle.isPending}
        onClick={() => setTitle.mutate(title.trim(), { onSuccess: () => notifySuccess('Saved the title') })}
      >
        Save title
      </Button>
    </Group>
  );
}

/** Why nobody but its author may approve the request, who can change that, and where. */
function NobodyApproves({ request, problem }: { request: ChangeRequest; problem: string }) {
  const approvers = useProjectApprovers(request.project);
  const me = useSession().data?.user.id;
  const grantors = (approvers.data?.grantors ?? []).map((person) =>
    person.id === me ? { ...person, name: 'you' } : person,
  );
  return (
    <Alert color="red" title="Nobody can approve this request yet" role="alert" mb="md">
      <Stack gap={4}>
        <Text size="sm">{problem}</Text>
        {grantors.length > 0 && (
          <Text size="sm">
            Who can give that permission in {request.project}: {names(grantors)}.
          </Text>
        )}
        <Anchor component={Link} to={projectAccessPath(request.project)} size="sm">
          Open the project's access settings
        </Anchor>
      </Stack>
    </Alert>
  );
}
