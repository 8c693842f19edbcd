import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { weekStarts, weeklyCounts } from './project-activity-chart.tsx';
import { ProjectInsights } from './project-insights.tsx';

const stage = (currentFlags: number) => ({ averageDays: null, currentFlags });

describe('weeklyCounts', () => {
  it('sums days into the last twelve weeks, oldest first, and drops older or future days', () => {
    const today = new Date('2026-11-27T15:00:00Z');
    const weeks = weeklyCounts(
      [
        { date: '2026-11-27', count: 2 },
        { date: '2026-11-21', count: 3 },
        { date: '2026-11-20', count: 5 },
        { date: '2026-09-05', count: 7 },
        { date: '2026-09-04', count: 100 },
        { date: '2026-11-28', count: 100 },
      ],
      today,
    );
    expect(weeks).toHaveLength(12);
    expect(weeks.slice(-2)).toEqual([5, 5]);
    expect(weeks[0]).toBe(7);
    expect(weeks.reduce((a, b) => a + b, 0)).toBe(17);
  });

  it('labels each week on the time axis by its first day, the same weeks the counts use', () => {
    const starts = weekStarts(new Date('2026-11-27T15:00:00Z'));
    expect(starts).toHaveLength(12);
    expect(starts[0]).toBe('Sep 5');
    expect(starts.at(-1)).toBe('Nov 21');
  });
});

describe('ProjectInsights', () => {
  it("counts every flag's lifecycle stage from the server, and shows lead time against the month before", async () => {
    fakeServer({
      'GET /api/admin/projects/web/status': {
        activityCountByDate: [{ date: new Date().toISOString().slice(0, 10), count: 4 }],
        resources: { members: 1, apiTokens: 0, segments: 0 },
        health: { current: 100 },
        technicalDebt: { current: 0 },
        lifecycleSummary: {
          initial: stage(120),
          preLive: stage(3),
          live: stage(40),
          completed: stage(2),
          archived: stage(9),
        },
        staleFlags: { total: 0 },
      },
      'GET /api/admin/projects/web/insights': {
        stats: {
          avgTimeToProdCurrentWindow: 2.25,
          avgTimeToProdPastWindow: 6,
          createdCurrentWindow: 14,
          createdPastWindow: 8,
          archivedCurrentWindow: 1,
          archivedPastWindow: 0,
          projectActivityCurrentWindow: 30,
          projectActivityPastWindow: 20,
          projectMembersAddedCurrentWindow: 0,
        },
        health: { rating: 100, activeCount: 0, potentiallyStaleCount: 0, staleCount: 0 },
        technicalDebt: { rating: 0 },
        leadTime: { projectAverage: 2.25, features: [{ name: 'checkout', timeToProduction: 2.25 }] },
        featureTypeCounts: [],
        members: { currentMembers: 1, change: 0 },
      },
    });
    renderUi(<ProjectInsights projectId="web" />);
    // More flags than one search page holds: the counts come from the server's summary, not a page of flags.
    expect(await screen.findByLabelText('initial: 120')).toBeTruthy();
    expect(screen.getByLabelText('live: 40')).toBeTruthy();
    expect(screen.getByText('9 archived')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Events per week over the last 12 weeks.*, 4$/ })).toBeTruthy();
    expect(await screen.findByText('2.3 days')).toBeTruthy();
    expect(screen.getByText('6 days the 30 days before')).toBeTruthy();
    expect(screen.getByText('14')).toBeTruthy();
  });

  it('says "none yet" for lead time while no flag reached production, not "0 days"', async () => {
    const insights = {
      stats: {
        avgTimeToProdCurrentWindow: 0,
        avgTimeToProdPastWindow: 0,
        createdCurrentWindow: 1,
        createdPastWindow: 0,
        archivedCurrentWindow: 0,
        archivedPastWindow: 0,
        projectActivityCurrentWindow: 1,
        projectActivityPastWindow: 0,
        projectMembersAddedCurrentWindow: 0,
      },
      health: { rating: 100, activeCount: 1, potentiallyStaleCount: 0, staleCount: 0 },
      technicalDebt: { rating: 0 },
      leadTime: { projectAverage: 0, features: [] },
      featureTypeCounts: [],
      members: { currentMembers: 1, change: 0 },
    };
    fakeServer({ 'GET /api/admin/projects/web/insights': insights });
    renderUi(<ProjectInsights projectId="web" />);
    expect(await screen.findByText('none yet')).toBeTruthy();
    expect(screen.getByText('none yet the 30 days before')).toBeTruthy();
    expect(screen.queryByText(/^0 days/)).toBeNull();
  });
});
