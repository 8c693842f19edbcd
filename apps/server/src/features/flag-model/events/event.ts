/** One entry of the append-only event log: who changed what, with the state before and after. */
export type SwitchyardEvent = {
  id: number;
  type: string;
  createdAt: Date;
  createdBy: string;
  createdByUserId: number | null;
  project: string | null;
  flagName: string | null;
  environment: string | null;
  data: unknown;
  preData: unknown;
  tags: { type: string; value: string }[];
  /** The address of the caller whose request made the change; null outside a request. */
  ip: string | null;
};

export type NewEvent = {
  type: string;
  createdBy: string;
  createdByUserId?: number | null;
  project?: string | null;
  flagName?: string | null;
  environment?: string | null;
  data?: unknown;
  preData?: unknown;
  tags?: { type: string; value: string }[];
  /** A change that signing in makes (a first single sign-on creates the user): maintenance mode lets it through. */
  duringSignIn?: boolean;
};
