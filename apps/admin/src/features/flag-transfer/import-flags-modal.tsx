import { Alert, Button, FileInput, Group, List, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { ImportReportView } from './import-report.tsx';
import { parseExport } from './parse-export.ts';
import { isImportable, useCheckImport, useImportFlags } from './use-flag-transfer.ts';

function RequestError({ error }: { error: unknown }) {
  if (!error) return null;
  const details = error instanceof ApiError ? error.details : [];
  return (
    <Alert color="red" title="The server refused this" role="alert">
      {error instanceof Error ? error.message : String(error)}
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.map((detail) => (
            <List.Item key={`${detail.path}:${detail.message}`}>{detail.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * Imports an export file into this project: the server checks it first (changing nothing) and says what would
 * fail or be overwritten; only a clean check of exactly this file and environment can be imported.
 */
export function ImportFlagsModal({
  projectId,
  environments,
  onClose,
}: {
  projectId: string;
  environments: string[];
  onClose: () => void;
}) {
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checkedKey, setCheckedKey] = useState<string>();
  const check = useCheckImport();
  const importing = useImportFlags();
  const parsed = useMemo(() => parseExport(text), [text]);
  const key = `${environment}\n${text}`;
  const request =
    parsed.data && environment ? { project: projectId, environment, data: parsed.data } : undefined;
  // A check answers for the file and environment it was given; any change asks for a new one.
  const report = checkedKey === key ? check.data : undefined;

  const readFile = async (picked: File | null) => {
    setFile(picked);
    if (picked) setText(await picked.text());
  };
  const runCheck = () => {
    if (!request) return;
    importing.reset();
    check.mutate(request, { onSuccess: () => setCheckedKey(key) });
  };
  const runImport = () => {
    if (request && report && isImportable(report)) importing.mutate(request, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title="Import flags" size="lg">
      <Stack>
        <Select
          label="Environment"
          description="Strategies, on/off state and variants are set in this environment of the project."
          data={environments}
          value={environment}
          onChange={setEnvironment}
          allowDeselect={false}
        />
        <FileInput
          label="Export file"
          placeholder="Choose a .json file"
          accept="application/json,.json"
          value={file}
          onChange={(picked) => void readFile(picked)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the file' }}
        />
        <Textarea
          label="Or paste the export"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          error={parsed.problem}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        <RequestError error={check.error ?? importing.error} />
        {report && environment && parsed.data && (
          <ImportReportView
            report={report}
            flagCount={parsed.data.features.length}
            environment={environment}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="default" disabled={!request} loading={check.isPending} onClick={runCheck}>
            Check
          </Button>
          <Button
            disabled={!report || !isImportable(report)}
            loading={importing.isPending}
            onClick={runImport}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
