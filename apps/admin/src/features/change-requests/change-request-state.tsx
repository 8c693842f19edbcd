import { Badge } from '@mantine/core';
import type { ChangeRequest, ChangeRequestState } from './change-request-types.ts';

/** Light badges in colours whose text passes WCAG AA contrast with contrast.css. */
const COLORS: Record<ChangeRequestState, string> = {
  Draft: 'gray',
  'In review': 'indigo',
  Approved: 'cyan',
  Scheduled: 'blue',
  Applied: 'teal',
  Rejected: 'red',
  Cancelled: 'gray',
};

export const OPEN_STATES: ChangeRequestState[] = ['Draft', 'In review', 'Approved', 'Scheduled'];
export const isOpen = (state: ChangeRequestState) => OPEN_STATES.includes(state);

export function StateBadge({ state }: { state: ChangeRequestState }) {
  return (
    <Badge color={COLORS[state]} variant={state === 'Cancelled' ? 'outline' : 'light'}>
      {state}
    </Badge>
  );
}

/** How many changes a request holds: flag changes and segment changes. */
export function changeCount(request: Pick<ChangeRequest, 'features' | 'segments'>): number {
  return (
    (request.features ?? []).reduce((sum, f) => sum + (f.changes?.length ?? 0), 0) +
    (request.segments ?? []).length
  );
}

export const changeRequestPath = (projectId: string, id: number) =>
  `/projects/${encodeURIComponent(projectId)}/change-requests/${id}`;

export const titleOf = (request: Pick<ChangeRequest, 'id' | 'title'>) =>
  request.title?.trim() || `Change request #${request.id}`;
