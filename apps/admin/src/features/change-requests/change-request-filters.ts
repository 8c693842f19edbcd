import type { ChangeRequestState } from './change-request-types.ts';
import type { ChangeRequestSearch } from './use-change-request-search.ts';

/** Whose requests the overview shows: the caller's, those the caller was asked to review, or everyone's. */
export type Whose = 'mine' | 'asked' | 'everyone';
/** Which states: open ones, closed ones, every one, or exactly one. */
export type StateFilter = 'open' | 'closed' | 'all' | ChangeRequestState;
export type ChangeRequestFilters = { whose: Whose; state: StateFilter; page: number };

export const CHANGE_REQUEST_PAGE_SIZE = 25;
export const STATE_FILTERS: StateFilter[] = [
  'open',
  'closed',
  'all',
  'Draft',
  'In review',
  'Approved',
  'Scheduled',
  'Applied',
  'Rejected',
  'Cancelled',
];
const WHOSE: Whose[] = ['mine', 'asked', 'everyone'];

/** The filters from the address bar; what is missing or unknown falls back to Unleash's default: mine, open. */
export function readFilters(params: URLSearchParams): ChangeRequestFilters {
  const whose = params.get('show') as Whose | null;
  const state = params.get('state') as StateFilter | null;
  const page = Number(params.get('page'));
  return {
    whose: whose && WHOSE.includes(whose) ? whose : 'mine',
    state: state && STATE_FILTERS.includes(state) ? state : 'open',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address bar for these filters, defaults left out. */
export function writeFilters(filters: ChangeRequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.whose !== 'mine') params.set('show', filters.whose);
  if (filters.state !== 'open') params.set('state', filters.state);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The server's search for these filters, as the signed-in user `userId`. */
export function toSearch(filters: ChangeRequestFilters, userId: number): ChangeRequestSearch {
  return {
    ...(filters.whose === 'mine' ? { createdBy: `IS:${userId}` } : {}),
    ...(filters.whose === 'asked' ? { requestedApproverId: `IS:${userId}` } : {}),
    ...(filters.state === 'all' ? {} : { state: `IS:${filters.state}` as ChangeRequestSearch['state'] }),
    offset: (filters.page - 1) * CHANGE_REQUEST_PAGE_SIZE,
    limit: CHANGE_REQUEST_PAGE_SIZE,
  };
}
