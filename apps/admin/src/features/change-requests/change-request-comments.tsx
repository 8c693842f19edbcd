import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { when } from '../../ui/format.ts';
import type { ChangeRequest } from './change-request-types.ts';
import { useChangeRequestActions } from './use-change-requests.ts';

/** The discussion of a request: every comment, oldest first, and a box to add one. */
export function ChangeRequestComments({ request }: { request: ChangeRequest }) {
  const { comment } = useChangeRequestActions(request.project, request.id);
  const [text, setText] = useState('');
  const comments = request.comments ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="comments-heading">
      <Title order={2} size="h4" id="comments-heading" mb="sm">
        Comments
      </Title>
      <Stack gap="sm">
        {comments.length === 0 && (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        )}
        <Stack gap="xs" role="list" aria-label="Comments">
          {comments.map((c, index) => (
            <Paper key={c.id ?? index} p="xs" bg="var(--mantine-color-default-hover)" role="listitem">
              <Text size="xs" c="dimmed">
                {c.createdBy.username ?? 'someone'} · {when(c.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.text}
              </Text>
            </Paper>
          ))}
        </Stack>
        {comment.error && <Alert color="red">{comment.error.message}</Alert>}
        <Textarea
          label="Add a comment"
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            size="xs"
            disabled={!text.trim()}
            loading={comment.isPending}
            onClick={() => comment.mutate(text.trim(), { onSuccess: () => setText('') })}
          >
            Comment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
