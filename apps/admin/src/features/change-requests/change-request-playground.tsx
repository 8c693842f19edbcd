import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ResponseOf } from '../../api/wire.ts';
import { useContextFields } from '../context/use-context-fields.ts';
import { PlaygroundContextEditor } from '../playground/playground-context-editor.tsx';
import { EMPTY_CONTEXT, toRequestContext, type PlaygroundContext } from '../playground/playground-types.ts';
import type { ChangeRequest } from './change-request-types.ts';
import { useChangeRequestPlayground } from '../playground/use-playground.ts';

type Advanced = ResponseOf<'getAdvancedPlayground'>;

/** Whether the first evaluation of a flag in an environment came out on; undefined when it was not evaluated. */
function outcome(response: Advanced | undefined, flag: string, environment: string): boolean | undefined {
  const feature = response?.features.find((f) => f.name === flag);
  return feature?.environments[environment]?.[0]?.isEnabled;
}

const badge = (value: boolean | undefined) =>
  value === undefined ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Badge color={value ? 'green' : 'gray'}>{value ? 'on' : 'off'}</Badge>
  );

/** Evaluates the request's flags for a context as they are now and as they would be once the request is applied. */
export function ChangeRequestPlayground({ request }: { request: ChangeRequest }) {
  const contextFields = useContextFields();
  const [context, setContext] = useState<PlaygroundContext>(EMPTY_CONTEXT);
  const run = useChangeRequestPlayground(request);
  const flags = request.features.map((f) => f.name);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="playground-heading">
      <Title order={2} size="h4" id="playground-heading" mb="xs">
        Try it in the playground
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Evaluate a context in {request.environment} now and with this request applied.
      </Text>
      <Stack
        component="form"
        aria-label="Playground context"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate(toRequestContext(context));
        }}
      >
        <PlaygroundContextEditor
          context={context}
          contextFields={contextFields.data ?? []}
          onChange={setContext}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={run.isPending}>
            Evaluate
          </Button>
        </Group>
      </Stack>
      {run.error && (
        <Alert color="red" title="Could not evaluate" role="alert" mt="sm">
          {run.error.message}
        </Alert>
      )}
      {run.data && (
        <Table mt="sm" aria-label="Playground with the request applied">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Flag</Table.Th>
              <Table.Th>Now</Table.Th>
              <Table.Th>With this request</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flags.map((flag) => (
              <Table.Tr key={flag}>
                <Table.Td>{flag}</Table.Td>
                <Table.Td>{badge(outcome(run.data.now, flag, request.environment))}</Table.Td>
                <Table.Td>{badge(outcome(run.data.applied, flag, request.environment))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
