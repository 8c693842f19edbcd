import { Slider, Stack, Text } from '@mantine/core';
import { fromLocalInput, toLocalInput } from './instant.ts';

/** How far back the slider reaches, in minutes: a week, the span an incident review usually needs. */
export const SLIDER_MINUTES = 7 * 24 * 60;

const MARKS = [
  { value: -SLIDER_MINUTES, label: '7 days ago' },
  { value: -24 * 60, label: '1 day ago' },
  { value: 0, label: 'now' },
];

/**
 * A time slider over the last week, minute by minute, beside the exact "As of" input: dragging it sets the instant
 * (the right end is now, which clears it). `value` and `onChange` speak the input's local `datetime-local` text.
 */
export function TimeSlider({
  value,
  onChange,
  now = () => new Date(),
}: {
  value: string;
  onChange: (value: string) => void;
  now?: () => Date;
}) {
  const at = fromLocalInput(value);
  const minutesBack = at
    ? Math.max(-SLIDER_MINUTES, Math.min(0, Math.round((Date.parse(at) - now().getTime()) / 60_000)))
    : 0;
  const describe = (minutes: number) =>
    minutes === 0 ? 'now' : new Date(now().getTime() + minutes * 60_000).toLocaleString();
  return (
    <Stack gap={4} maw={640}>
      <Text size="sm" fw={500} id="time-slider-label">
        Time: {describe(minutesBack)}
      </Text>
      <Slider
        // The thumb is what takes focus: its own name says what moving it does (axe: aria-input-field-name).
        thumbLabel="Time travel: the instant the playground evaluates"
        min={-SLIDER_MINUTES}
        max={0}
        step={1}
        value={minutesBack}
        marks={MARKS}
        label={describe}
        onChange={(minutes) =>
          onChange(minutes === 0 ? '' : toLocalInput(new Date(now().getTime() + minutes * 60_000)))
        }
        mb="lg"
      />
    </Stack>
  );
}
