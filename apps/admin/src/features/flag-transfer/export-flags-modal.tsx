import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../ui/notify.ts';
import { downloadJson } from './download-json.ts';
import { useExportFlags } from './use-flag-transfer.ts';

/**
 * Downloads the chosen flags (or every flag of the project) as they are in one environment: the file an import
 * takes, here or in another Switchyard or Unleash instance.
 */
export function ExportFlagsModal({
  projectId,
  flags,
  environments,
  onClose,
}: {
  projectId: string;
  /** The flags to export; all the project's flags when undefined. */
  flags?: string[];
  environments: string[];
  onClose: () => void;
}) {
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const exporting = useExportFlags();
  const what = flags ? `${flags.length} flag${flags.length === 1 ? '' : 's'}` : 'the flags of this project';
  const start = () => {
    if (!environment) return;
    exporting.mutate(
      { environment, ...(flags ? { features: flags } : { project: projectId }) },
      {
        onSuccess: (data) => {
          downloadJson(`${projectId}-${environment}-flags.json`, data);
          const count = data.features.length;
          notifySuccess(`Exported ${count} flag${count === 1 ? '' : 's'} from ${environment}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Export ${what}`}>
      <Stack>
        <Text size="sm">
          The file holds each flag with its strategies, on/off state and variants in one environment, its tags
          and parent, and the segments, context fields and tag types they use.
        </Text>
        <Select
          label="Environment"
          data={environments}
          value={environment}
          onChange={setEnvironment}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!environment} loading={exporting.isPending} onClick={start}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
