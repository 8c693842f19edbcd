/**
 * Hand-written wire shapes still waiting to move to `wire.ts`, which derives every shape from the generated
 * `schema.d.ts`: what is left are the shapes the flag, strategy, constraint and segment editors also build.
 * Fields the server may not send yet are optional so screens degrade instead of breaking.
 */
import type { Operator } from '@switchyard/rules';

export type Constraint = {
  contextName: string;
  operator: Operator;
  values?: string[];
  value?: string;
  caseInsensitive?: boolean;
  inverted?: boolean;
};

export type PayloadType = 'string' | 'json' | 'csv' | 'number';
export type Payload = { type: PayloadType; value: string };
export type Variant = {
  name: string;
  weight: number;
  weightType?: 'variable' | 'fix';
  stickiness?: string;
  payload?: Payload;
  overrides?: { contextName: string; values: string[] }[];
};

export type Strategy = {
  id?: string;
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  constraints: Constraint[];
  parameters: Record<string, string>;
  segments?: number[];
  variants?: Variant[];
};

export type FlagEnvironment = {
  name: string;
  environment?: string;
  type?: string;
  enabled: boolean;
  sortOrder?: number;
  strategies: Strategy[];
  variants?: Variant[];
};

export type Dependency = { feature: string; enabled?: boolean; variants?: string[] };
export type Tag = { type: string; value: string };

export type Flag = {
  name: string;
  type: string;
  description?: string | null;
  project: string;
  stale?: boolean;
  impressionData?: boolean;
  archived?: boolean;
  archivedAt?: string | null;
  createdAt?: string | null;
  createdBy?: { id?: number; name?: string } | null;
  lastSeenAt?: string | null;
  environments: FlagEnvironment[];
  variants?: Variant[];
  dependencies?: Dependency[];
  children?: string[];
  tags?: Tag[];
};

export type Segment = {
  id: number;
  name: string;
  description?: string | null;
  project?: string | null;
  constraints: Constraint[];
  usedInFeatures?: number;
  usedInProjects?: number;
  createdAt?: string;
};
