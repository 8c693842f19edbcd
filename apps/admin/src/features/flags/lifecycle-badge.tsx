import { Badge } from '@mantine/core';
import type { ResponseOf } from '../../api/wire.ts';

/** A flag's lifecycle stage, as the search and the flag page send it. */
export type LifecycleStageName = ResponseOf<'searchFeatures'>['features'][number]['lifecycle']['stage'];

const STAGES: Record<LifecycleStageName, { label: string; color: string }> = {
  initial: { label: 'Initial', color: 'gray' },
  'pre-live': { label: 'Pre-live', color: 'blue' },
  live: { label: 'Live', color: 'green' },
  completed: { label: 'Completed', color: 'violet' },
  archived: { label: 'Archived', color: 'dark' },
};

/** Where a flag is between creation and clean-up: initial, pre-live, live, completed, archived. */
export function LifecycleBadge({ stage }: { stage: LifecycleStageName }) {
  const { label, color } = STAGES[stage];
  return (
    <Badge variant="dot" color={color} size="sm" title={`Lifecycle stage: ${label}`}>
      {label}
    </Badge>
  );
}

/** getFeature sends the stage as a plain string; only the stages the badge knows are shown as such. */
export function isLifecycleStage(stage: string): stage is LifecycleStageName {
  return Object.hasOwn(STAGES, stage);
}
