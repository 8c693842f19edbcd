import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useUiConfig } from '../password-reset/use-password-reset.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { parseOrigins, useSetCors } from './use-cors.ts';

function OriginsForm({ origins, allowed }: { origins: string[]; allowed: boolean }) {
  const [text, setText] = useState(origins.join('\n'));
  const [error, setError] = useState<string>();
  const save = useSetCors();
  return (
    <Paper withBorder p="md">
      <Stack>
        <Textarea
          label="Frontend API origins"
          description="One origin a line, such as https://shop.example.com, or * for any website. Leave it empty to let no browser in."
          autosize
          minRows={4}
          value={text}
          error={error}
          disabled={!allowed}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group>
          <Button
            disabled={!allowed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(parseOrigins(text), {
                onSuccess: () => notifySuccess('Frontend API origins saved'),
                onError: (failure) => {
                  if (failure instanceof ApiError && failure.status === 400)
                    setError(failure.details[0]?.message ?? failure.message);
                  else notifyError(failure, 'save the origins');
                },
              })
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The websites whose pages may call the Frontend API from a browser (CORS). */
export function CorsPage() {
  const allowed = usePermissions().can('UPDATE_CORS');
  const config = useUiConfig();
  return (
    <>
      <PageHeader
        title="CORS origins"
        description="Which websites may call the Frontend API from their visitors' browsers."
      />
      <QueryState query={config} label="the server configuration">
        {(ui) => (
          <Stack maw={720}>
            <OriginsForm origins={ui.frontendApiOrigins} allowed={allowed} />
            {!allowed && <Alert color="gray">Only administrators can change the origins.</Alert>}
            <Text size="sm">
              Saved origins apply on every server at once and replace UNLEASH_FRONTEND_API_ORIGINS, which only
              sets them until someone saves here.
            </Text>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
