import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { useSession } from '../session/use-session.ts';
import { changeCount, isOpen } from './change-request-state.tsx';
import type { ChangeRequest } from './change-request-types.ts';
import { useChangeRequestActions, type StateChange } from './use-change-requests.ts';

/** What the caller may do to a request now, from its state, its author and the one permissions hook. */
export function reviewRights(
  request: ChangeRequest,
  userId: number | undefined,
  can: ReturnType<typeof usePermissions>['can'],
) {
  const where = { project: request.project, environment: request.environment };
  const author = request.createdBy.id !== undefined && request.createdBy.id === userId;
  const approvedByMe = (request.approvals ?? []).some((a) => a.createdBy.id === userId);
  const conflicted =
    request.features.some((f) => f.conflict || f.changes.some((c) => c.conflict)) ||
    request.segments.some((c) => c.conflict);
  const mayApprove = !author && can('APPROVE_CHANGE_REQUEST', where);
  const mayApply = can('APPLY_CHANGE_REQUEST', where);
  const state = request.state;
  return {
    author,
    conflicted,
    submit: author && state === 'Draft' && changeCount(request) > 0,
    discard: author && state === 'Draft',
    edit: author && (state === 'Draft' || state === 'In review'),
    approve: mayApprove && state === 'In review' && !approvedByMe,
    reject: mayApprove && (state === 'In review' || state === 'Scheduled'),
    apply: mayApply && (state === 'Approved' || state === 'Scheduled'),
    schedule: mayApply && (state === 'Approved' || state === 'Scheduled'),
    cancel: (author || can('ADMIN')) && isOpen(state) && state !== 'Draft',
  };
}

/** The buttons of the review page, each enabled only when the server would accept it. */
export function ReviewActions({ request }: { request: ChangeRequest }) {
  const { can } = usePermissions();
  const me = useSession().data;
  const navigate = useNavigate();
  const rights = reviewRights(request, me?.user.id, can);
  const actions = useChangeRequestActions(request.project, request.id);
  const [rejecting, setRejecting] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const move = (body: StateChange, done: string, what: string, after?: () => void) =>
    actions.setState.mutate(body, {
      onSuccess: () => {
        notifySuccess(done);
        after?.();
      },
      onError: (error) => notifyError(error, what),
    });
  const busy = actions.setState.isPending;
  const approvals = request.approvals?.length ?? 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="review-heading">
      <Title order={2} size="h4" id="review-heading" mb="xs">
        Review
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          {approvals} of {request.minApprovals ?? 1} required approval
          {(request.minApprovals ?? 1) === 1 ? '' : 's'}
          {approvals > 0 &&
            `: ${(request.approvals ?? []).map((a) => a.createdBy.username ?? 'someone').join(', ')}`}
        </Text>
        {(request.rejections ?? []).length > 0 && (
          <Text size="sm" c="red">
            Rejected by {(request.rejections ?? []).map((r) => r.createdBy.username ?? 'someone').join(', ')}
          </Text>
        )}
        {rights.author && request.state === 'In review' && (
          <Text size="sm" c="dimmed">
            You wrote this request, so someone else approves it.
          </Text>
        )}
        {rights.conflicted && (rights.apply || rights.schedule) && (
          <Alert color="red" role="alert">
            A change conflicts with what the flag looks like now: update or remove it before applying.
          </Alert>
        )}
        <Group gap="xs">
          {rights.submit && (
            <Button
              loading={busy}
              onClick={() => move({ state: 'In review' }, 'Sent for review', 'submit the request for review')}
            >
              Submit for review
            </Button>
          )}
          {rights.approve && (
            <Button
              color="green"
              loading={busy}
              onClick={() => move({ state: 'Approved' }, 'Approved', 'approve')}
            >
              Approve
            </Button>
          )}
          {rights.reject && (
            <Button color="red" variant="light" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          )}
          {rights.apply && (
            <Button
              color="green"
              loading={busy}
              disabled={rights.conflicted}
              onClick={() => move({ state: 'Applied' }, 'Applied the changes', 'apply the changes')}
            >
              Apply changes
            </Button>
          )}
          {rights.schedule && (
            <Button variant="default" disabled={rights.conflicted} onClick={() => setScheduling(true)}>
              {request.state === 'Scheduled' ? 'Reschedule' : 'Schedule'}
            </Button>
          )}
          {rights.cancel && (
            <Button
              variant="subtle"
              color="gray"
              loading={busy}
              onClick={() => move({ state: 'Cancelled' }, 'Cancelled the request', 'cancel the request')}
            >
              Cancel request
            </Button>
          )}
          {rights.discard && (
            <Button
              variant="subtle"
              color="red"
              loading={actions.discard.isPending}
              onClick={() =>
                actions.discard.mutate(undefined, {
                  onSuccess: () => {
                    notifySuccess('Discarded the draft');
                    void navigate(`/projects/${encodeURIComponent(request.project)}/change-requests`);
                  },
                  onError: (error) => notifyError(error, 'discard the draft'),
                })
              }
            >
              Discard draft
            </Button>
          )}
        </Group>
      </Stack>
      {rejecting && (
        <RejectModal
          loading={busy}
          onClose={() => setRejecting(false)}
          onReject={(comment) =>
            move({ state: 'Rejected', comment: comment || undefined }, 'Rejected', 'reject', () =>
              setRejecting(false),
            )
          }
        />
      )}
      {scheduling && (
        <ScheduleModal
          initial={request.schedule?.scheduledAt}
          loading={busy}
          onClose={() => setScheduling(false)}
          onSchedule={(scheduledAt) =>
            move(
              { state: 'Scheduled', scheduledAt },
              `Scheduled for ${new Date(scheduledAt).toLocaleString()}`,
              'schedule',
              () => setScheduling(false),
            )
          }
        />
      )}
    </Paper>
  );
}

function RejectModal({
  loading,
  onClose,
  onReject,
}: {
  loading: boolean;
  onClose: () => void;
  onReject: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  return (
    <Modal opened onClose={onClose} title="Reject this change request?">
      <Stack>
        <Textarea
          label="Reason (optional)"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={loading} onClick={() => onReject(comment.trim())}>
            Reject request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A local date and time for the datetime input: "2026-11-26T15:30". */
const toLocalInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function ScheduleModal({
  initial,
  loading,
  onClose,
  onSchedule,
}: {
  initial?: string;
  loading: boolean;
  onClose: () => void;
  onSchedule: (iso: string) => void;
}) {
  const [value, setValue] = useState(
    toLocalInput(initial ? new Date(initial) : new Date(Date.now() + 3_600_000)),
  );
  const at = new Date(value);
  const problem = Number.isNaN(at.getTime())
    ? 'Enter a date and time'
    : at.getTime() <= Date.now()
      ? 'Choose a time in the future'
      : undefined;
  return (
    <Modal opened onClose={onClose} title="Schedule the changes">
      <Stack>
        <TextInput
          type="datetime-local"
          label="Apply at (your local time)"
          value={value}
          error={problem}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={loading} disabled={Boolean(problem)} onClick={() => onSchedule(at.toISOString())}>
            Schedule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
