import { FLEXIBLE_ROLLOUT, intervalMinutesProblem } from '@switchyard/rules';
import type {
  Constraint,
  MilestoneBody,
  ReleaseTemplate,
  ReleaseTemplateBody,
  StrategyDefinition,
  StrategyDraft,
} from '../../api/wire.ts';
import {
  definitionFor,
  newStrategy,
  strategyProblems,
  toWireStrategy,
} from '../strategies/strategy-model.ts';

/** A milestone in the editor: a name, the minutes until the next one starts by itself (empty: by hand), strategies. */
export type MilestoneDraft = {
  key: string;
  name: string;
  intervalMinutes: number | '';
  strategies: StrategyDraft[];
};
export type ReleaseTemplateDraft = { name: string; description: string; milestones: MilestoneDraft[] };

let keys = 0;
/** A stable React key for a milestone that has no id yet. */
const nextKey = () => `milestone-${++keys}`;

/** A milestone strategy starts as a 100% gradual rollout; its group id is left to each flag's name. */
export function newMilestoneStrategy(name = FLEXIBLE_ROLLOUT): StrategyDraft {
  const strategy = newStrategy(name, '');
  const { groupId: _groupId, ...parameters } = strategy.parameters;
  return { ...strategy, parameters };
}

export function newMilestone(name: string, rollout?: string): MilestoneDraft {
  const strategy = newMilestoneStrategy();
  if (rollout) strategy.parameters = { ...strategy.parameters, rollout };
  return { key: nextKey(), name, intervalMinutes: '', strategies: [strategy] };
}

/** What a new template starts with: the usual 10%, 50%, everyone. */
export function newTemplateDraft(): ReleaseTemplateDraft {
  return {
    name: '',
    description: '',
    milestones: [
      newMilestone('Ten percent', '10'),
      newMilestone('Half', '50'),
      newMilestone('Everyone', '100'),
    ],
  };
}

export function toTemplateDraft(template: ReleaseTemplate): ReleaseTemplateDraft {
  return {
    name: template.name,
    description: template.description ?? '',
    milestones: [...template.milestones]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((milestone) => ({
        key: milestone.id,
        name: milestone.name,
        intervalMinutes: milestone.transitionCondition?.intervalMinutes ?? '',
        strategies: [...milestone.strategies]
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((strategy) => ({
            name: strategy.strategyName,
            title: strategy.title ?? '',
            disabled: false,
            parameters: { ...strategy.parameters },
            constraints: strategy.constraints as Constraint[],
            segments: strategy.segments,
            variants: strategy.variants as StrategyDraft['variants'],
          })),
      })),
  };
}

/** The body of POST and PUT /api/admin/release-plan-templates: milestones in the editor's order. */
export function toTemplateBody(draft: ReleaseTemplateDraft): ReleaseTemplateBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    milestones: draft.milestones.map((milestone, sortOrder): MilestoneBody => ({
      name: milestone.name.trim(),
      sortOrder,
      transitionCondition:
        milestone.intervalMinutes === '' ? null : { intervalMinutes: milestone.intervalMinutes },
      strategies: milestone.strategies.map((strategy, index) => {
        const { disabled: _disabled, ...wire } = toWireStrategy(strategy);
        return { ...wire, sortOrder: index, title: wire.title ?? null };
      }),
    })),
  };
}

/**
 * The strategy types as a milestone offers them: a gradual rollout's group id may be left empty, since starting the
 * milestone fills in each flag's own name.
 */
export function milestoneDefinitions(definitions: StrategyDefinition[]): StrategyDefinition[] {
  return definitions.map((definition) =>
    definition.name !== FLEXIBLE_ROLLOUT
      ? definition
      : {
          ...definition,
          parameters: definition.parameters.map((parameter) =>
            parameter.name === 'groupId'
              ? {
                  ...parameter,
                  required: false,
                  description: 'Left empty: the name of the flag the plan is on',
                }
              : parameter,
          ),
        },
  );
}

/** Problems keyed like the server's paths: `name`, `milestones.1.name`, `milestones.0.strategies.2.parameters.rollout`. */
export function templateProblems(
  draft: ReleaseTemplateDraft,
  definitions: StrategyDefinition[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems.name = 'A template needs a name';
  if (draft.milestones.length === 0) problems.milestones = 'Add at least one milestone';
  const names = new Set<string>();
  draft.milestones.forEach((milestone, m) => {
    const name = milestone.name.trim();
    if (!name) problems[`milestones.${m}.name`] = 'A milestone needs a name';
    else if (names.has(name)) problems[`milestones.${m}.name`] = `Two milestones are named "${name}"`;
    names.add(name);
    const interval = milestone.intervalMinutes;
    const intervalProblem = interval === '' ? undefined : intervalMinutesProblem(interval);
    if (intervalProblem) problems[`milestones.${m}.transitionCondition`] = intervalProblem;
    milestone.strategies.forEach((strategy, s) => {
      const found = strategyProblems(strategy, definitionFor(strategy.name, definitions));
      for (const [key, message] of Object.entries(found))
        problems[`milestones.${m}.strategies.${s}.${key}`] = message;
    });
  });
  return problems;
}

/** The problems of one part (`milestones.0`, `milestones.0.strategies.1`), with keys relative to it. */
export function problemsUnder(problems: Record<string, string>, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, message] of Object.entries(problems))
    if (key.startsWith(`${prefix}.`)) found[key.slice(prefix.length + 1)] = message;
  return found;
}

/** "after 1 h 30 min", for the minutes until the next milestone starts by itself. */
export function describeInterval(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days && `${days} d`, hours && `${hours} h`, rest && `${rest} min`].filter(Boolean).join(' ');
}
