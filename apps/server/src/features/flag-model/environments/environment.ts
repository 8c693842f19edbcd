/** A stage flags are configured in, such as development or production. Names are URL-friendly and unique. */
export type Environment = {
  name: string;
  /** Free text; Unleash's UI offers development, test, preproduction and production. */
  type: string;
  sortOrder: number;
  /** A disabled environment is hidden in the UI and skipped when projects are created. */
  enabled: boolean;
  /** A protected environment cannot be changed or removed. */
  protected: boolean;
  requiredApprovals: number | null;
  createdAt: Date;
};

export type EnvironmentWithCounts = Environment & {
  projectCount: number;
  apiTokenCount: number;
  enabledToggleCount: number;
};

/** An environment as one project sees it. */
export type ProjectEnvironment = Environment & {
  /** The environment is added to the project. */
  visible: boolean;
  defaultStrategy: Record<string, unknown> | null;
  projectApiTokenCount: number;
  projectEnabledToggleCount: number;
};

/** What removing an environment deleted with it. */
export type RemovedWithEnvironment = {
  projects: number;
  flagConfigurations: number;
  enabledFlags: number;
  strategies: number;
  apiTokens: number;
};
