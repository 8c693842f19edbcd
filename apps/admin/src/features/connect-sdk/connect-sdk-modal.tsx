import { Modal } from '@mantine/core';
import { QueryState } from '../../ui/query-state.tsx';
import { projectEnvironmentNames, useProjectOverview } from '../projects/use-projects.ts';
import { ConnectSdkPanel, type KnownToken } from './connect-sdk-panel.tsx';

/** The "Connect your app" panel in a dialog, for a project; its environments come from the project. */
export function ConnectSdkModal({
  projectId,
  flagName,
  initialToken,
  onClose,
}: {
  projectId: string;
  flagName?: string;
  initialToken?: KnownToken;
  onClose: () => void;
}) {
  const overview = useProjectOverview(projectId);
  return (
    <Modal opened onClose={onClose} title="Connect your app" size="xl" closeOnClickOutside={false}>
      <QueryState query={overview} label="the project">
        {(data) => (
          <ConnectSdkPanel
            projectId={projectId}
            environments={projectEnvironmentNames(data) ?? []}
            flagName={flagName}
            initialToken={initialToken}
          />
        )}
      </QueryState>
    </Modal>
  );
}
