import { Alert, Divider, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { Segment, StrategyDraft } from '../../api/wire.ts';
import type { ContextField, StrategyDefinition } from '../../api/wire.ts';
import { ConstraintListEditor } from '../constraints/constraint-list-editor.tsx';
import { SegmentPicker } from '../segments/segment-picker.tsx';
import { newStrategy } from './strategy-model.ts';
import { StrategyParameters } from './strategy-parameters.tsx';
import { StrategyPreview } from './strategy-preview.tsx';
import { summarizeStrategy } from './strategy-summary.ts';
import { VariantsEditor } from './variants-editor.tsx';

export type StrategyEditorProps = {
  strategy: StrategyDraft;
  flagName: string;
  definitions: StrategyDefinition[];
  contextFields: ContextField[];
  segments: Segment[];
  stickinessOptions: string[];
  /** Problems found before sending and errors from the server, keyed `parameters.rollout`, `constraints.0.value`… */
  errors: Record<string, string>;
  showProblems: boolean;
  canChangeType: boolean;
  /** False where a strategy cannot be kept inactive, as in a release template's milestone. */
  showActive?: boolean;
  onChange: (strategy: StrategyDraft) => void;
};

/** Everything about one strategy: type, parameters, constraints, segments and variants, with a live summary. */
export function StrategyEditor(props: StrategyEditorProps) {
  const { strategy, definitions, errors, onChange } = props;
  const definition = definitions.find((d) => d.name === strategy.name);
  const constraintErrors: Record<number, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^constraints\.(\d+)/.exec(key);
    if (match) constraintErrors[Number(match[1])] = message;
  }
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
        <Text size="sm" fw={500} aria-live="polite" data-testid="strategy-summary">
          {summarizeStrategy(strategy, props.segments)}
        </Text>
      </Paper>
      {errors.form && <Alert color="red">{errors.form}</Alert>}
      <Select
        label="Strategy"
        data={definitions
          .filter((d) => !d.deprecated || d.name === strategy.name)
          .map((d) => ({ value: d.name, label: d.title || d.displayName || d.name }))}
        value={strategy.name}
        disabled={!props.canChangeType}
        allowDeselect={false}
        error={errors.name}
        onChange={(name) =>
          name &&
          onChange({
            ...newStrategy(name, props.flagName, strategy.parameters.stickiness),
            title: strategy.title,
            constraints: strategy.constraints,
            segments: strategy.segments,
            variants: strategy.variants,
            disabled: strategy.disabled,
          })
        }
      />
      {definition?.description && (
        <Text size="sm" c="dimmed" mt={-8}>
          {definition.description}
        </Text>
      )}
      <TextInput
        label="Title (optional)"
        value={strategy.title ?? ''}
        error={errors.title}
        onChange={(e) => onChange({ ...strategy, title: e.currentTarget.value })}
      />
      <StrategyParameters
        definition={definition}
        parameters={strategy.parameters}
        stickinessOptions={props.stickinessOptions}
        errors={errors}
        onChange={(parameters) => onChange({ ...strategy, parameters })}
      />
      {props.showActive !== false && (
        <Switch
          label="Active"
          description="An inactive strategy is kept but not served to SDKs"
          checked={!strategy.disabled}
          onChange={(e) => onChange({ ...strategy, disabled: !e.currentTarget.checked })}
        />
      )}
      <Section title="Constraints" error={props.showProblems ? errors.constraints : undefined}>
        <ConstraintListEditor
          constraints={strategy.constraints}
          contextFields={props.contextFields}
          showProblems={props.showProblems}
          serverErrors={constraintErrors}
          onChange={(constraints) => onChange({ ...strategy, constraints })}
        />
      </Section>
      <Section title="Segments" error={errors.segments}>
        <SegmentPicker
          segments={props.segments}
          value={strategy.segments ?? []}
          onChange={(segments) => onChange({ ...strategy, segments })}
        />
      </Section>
      <Section title="Preview">
        <StrategyPreview strategy={strategy} flagName={props.flagName} segments={props.segments} />
      </Section>
      <Section title="Variants" error={props.showProblems ? errors.variants : undefined}>
        <Text size="sm" c="dimmed">
          Users this strategy turns on get one of these variants.
        </Text>
        <VariantsEditor
          variants={strategy.variants ?? []}
          stickinessOptions={props.stickinessOptions}
          showProblems={props.showProblems}
          onChange={(variants) => onChange({ ...strategy, variants })}
        />
      </Section>
    </Stack>
  );
}

function Section({ title, error, children }: { title: string; error?: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Divider />
      <Title order={3} size="h5">
        {title}
      </Title>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {children}
    </Stack>
  );
}
