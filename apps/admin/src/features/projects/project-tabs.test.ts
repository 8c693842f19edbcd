import { describe, expect, it } from 'vitest';
import { projectTabFrom, projectTabPath } from './project-tabs.ts';

describe('project tabs', () => {
  it('puts the flags tab at the project and every other tab below it', () => {
    expect(projectTabPath('web', 'flags')).toBe('/projects/web');
    expect(projectTabPath('web', 'settings')).toBe('/projects/web/settings');
    expect(projectTabPath('a b', 'change-requests')).toBe('/projects/a%20b/change-requests');
  });

  it('reads the tab back from the address, and nothing from a segment that is no tab', () => {
    expect(projectTabFrom(undefined)).toBe('flags');
    expect(projectTabFrom('access')).toBe('access');
    expect(projectTabFrom('flags')).toBe('flags');
    expect(projectTabFrom('nonsense')).toBeUndefined();
  });
});
