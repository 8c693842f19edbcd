import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientFeature, ClientSegment } from '../features/sdk-serving/client-api/client-feature.ts';
import type { ServingState } from '../features/sdk-serving/serving/serving-state.ts';
import type { EdgeToken } from './edge-upstream.ts';

/** What an edge writes to its snapshot file: enough to serve again after a restart while the upstream is down. */
export type EdgeSnapshot = {
  version: 1;
  savedAt: string;
  tokens: EdgeToken[];
  states: {
    key: string;
    environment: string;
    revisionId: number;
    features: ClientFeature[];
    segments: ClientSegment[];
  }[];
};

export async function readSnapshot(file: string): Promise<EdgeSnapshot | undefined> {
  try {
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as EdgeSnapshot;
    return snapshot.version === 1 ? snapshot : undefined;
  } catch {
    return undefined;
  }
}

/** Loads a snapshot's states into the serving state; returns its tokens. */
export function restoreSnapshot(snapshot: EdgeSnapshot, serving: ServingState): EdgeToken[] {
  for (const state of snapshot.states) {
    serving.set(state.key, { ...state, tags: new Map() });
  }
  return snapshot.tokens;
}

/** Writes the snapshot whole to a new file, then renames it over the old one, so a crash never leaves half a file. */
export async function writeSnapshot(file: string, serving: ServingState, tokens: EdgeToken[]): Promise<void> {
  const snapshot: EdgeSnapshot = {
    version: 1,
    savedAt: new Date().toISOString(),
    tokens,
    states: serving.keys().map((key) => {
      const state = serving.state(key)!;
      return {
        key,
        environment: state.environment,
        revisionId: state.revisionId,
        features: state.features,
        segments: state.segments,
      };
    }),
  };
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  // It holds API tokens: readable by the edge's user only.
  await writeFile(temporary, JSON.stringify(snapshot), { mode: 0o600 });
  await rename(temporary, file);
}
