/**
 * Change-request wire shapes. TEMPORARY until the server publishes them in openapi.json: then each becomes an alias
 * of the generated schema.d.ts type and nothing else changes.
 */
export type ChangeRequestState =
  'Draft' | 'In review' | 'Approved' | 'Applied' | 'Scheduled' | 'Cancelled' | 'Rejected';

export type ChangeRequestEnvironmentConfig = {
  environment: string;
  type: string;
  changeRequestEnabled: boolean;
  requiredApprovals: number | null;
};

type Person = { id?: number; username?: string | null; imageUrl?: string | null };

export type ChangeAction =
  | 'updateEnabled'
  | 'addStrategy'
  | 'updateStrategy'
  | 'deleteStrategy'
  | 'reorderStrategy'
  | 'patchVariant'
  | 'archiveFeature'
  | 'addDependency'
  | 'deleteDependency'
  | 'updateSegment'
  | 'deleteSegment';

/** One change as sent: a flag change names its flag; a segment change does not. */
export type ChangeInput = { feature?: string; action: ChangeAction; payload?: unknown };

export type Change = {
  id: number;
  action: string;
  payload?: unknown;
  conflict?: string;
  createdBy?: Person;
  createdAt?: string;
  snapshot?: unknown;
};

export type ChangeRequest = {
  id: number;
  title?: string;
  environment: string;
  minApprovals?: number;
  project: string;
  state: ChangeRequestState;
  createdAt: string;
  createdBy: Person;
  stateTimestamps?: Partial<Record<ChangeRequestState, string>>;
  features: { name: string; conflict?: string; changes: Change[] }[];
  segments: (Change & { name: string })[];
  approvals?: { createdBy: Person; createdAt: string }[];
  rejections?: { createdBy: Person; createdAt: string }[];
  comments?: { id?: number; text: string; createdBy: Person; createdAt: string }[];
  schedule?: {
    scheduledAt: string;
    status: 'pending' | 'failed' | 'suspended';
    reason?: string;
    failureReason?: string;
  };
};

export type Notification = {
  id: number;
  message: string;
  link: string;
  notificationType: string;
  createdBy: Person;
  createdAt: string;
  readAt: string | null;
};
