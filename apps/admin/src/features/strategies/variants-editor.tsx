import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { Variant } from '../../api/wire.ts';
import { PayloadEditor } from './payload-editor.tsx';
import { variantsProblem } from './variants-problem.ts';
import { addVariant, percentOf, removeVariant, setFixedPercent, setStickiness } from './variant-weights.ts';

const COLORS = ['indigo', 'teal', 'orange', 'grape', 'cyan', 'pink', 'lime', 'yellow'];

/**
 * Variants with weights that always add up to 100%: a variant is either fixed at a percentage or shares what
 * the fixed ones leave.
 */
export function VariantsEditor({
  variants,
  stickinessOptions,
  showProblems,
  onChange,
}: {
  variants: Variant[];
  stickinessOptions: string[];
  showProblems: boolean;
  onChange: (variants: Variant[]) => void;
}) {
  const problem = variants.length ? variantsProblem(variants) : undefined;
  const update = (index: number, patch: Partial<Variant>) =>
    onChange(variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  return (
    <Stack gap="xs">
      {variants.length > 0 && (
        <>
          <Progress.Root size="lg" role="group" aria-label="Variant weights">
            {variants.map((v, i) => (
              <Progress.Section
                key={i}
                value={v.weight / 10}
                color={COLORS[i % COLORS.length]}
                aria-label={`${v.name} ${percentOf(v.weight)}`}
              >
                <Progress.Label>{v.name}</Progress.Label>
              </Progress.Section>
            ))}
          </Progress.Root>
          <Select
            label="Variant stickiness"
            description="Which context field keeps a user on the same variant"
            data={stickinessOptions}
            value={variants[0]?.stickiness ?? 'default'}
            allowDeselect={false}
            maw={260}
            onChange={(value) => onChange(setStickiness(variants, value ?? 'default'))}
          />
        </>
      )}
      {variants.map((variant, index) => (
        <Paper key={index} withBorder p="sm" role="group" aria-label={`Variant ${index + 1}`}>
          <Stack gap="xs">
            <Group align="flex-end">
              <TextInput
                label={`Variant ${index + 1} name`}
                value={variant.name}
                error={showProblems && !variant.name.trim() ? 'A name is required' : undefined}
                onChange={(e) => update(index, { name: e.currentTarget.value })}
              />
              <Switch
                label="Fixed weight"
                checked={variant.weightType === 'fix'}
                onChange={(e) =>
                  onChange(
                    setFixedPercent(variants, index, e.currentTarget.checked ? variant.weight / 10 : null),
                  )
                }
                mb={8}
              />
              {variant.weightType === 'fix' ? (
                <NumberInput
                  label={`Variant ${index + 1} weight (%)`}
                  value={variant.weight / 10}
                  min={0}
                  max={100}
                  decimalScale={1}
                  w={140}
                  onChange={(value) =>
                    onChange(
                      setFixedPercent(
                        variants,
                        index,
                        typeof value === 'number' ? value : Number(value) || 0,
                      ),
                    )
                  }
                />
              ) : (
                <Text component="output" size="sm" mb={8} aria-label={`Variant ${index + 1} weight`}>
                  {percentOf(variant.weight)}
                </Text>
              )}
              <Button
                variant="subtle"
                color="red"
                size="xs"
                mb={4}
                onClick={() => onChange(removeVariant(variants, index))}
              >
                Remove
              </Button>
            </Group>
            <PayloadEditor
              label={`Variant ${index + 1}`}
              payload={variant.payload}
              showProblems={showProblems}
              onChange={(payload) => update(index, { payload })}
            />
          </Stack>
        </Paper>
      ))}
      {problem && (showProblems || problem.includes('100%')) && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() =>
          onChange(addVariant(variants, nextName(variants), variants[0]?.stickiness ?? 'default'))
        }
      >
        Add variant
      </Button>
    </Stack>
  );
}

function nextName(variants: Variant[]): string {
  for (let i = variants.length + 1; ; i++) {
    const name = `variant-${i}`;
    if (!variants.some((v) => v.name === name)) return name;
  }
}
