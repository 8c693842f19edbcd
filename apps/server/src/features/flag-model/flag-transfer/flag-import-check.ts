import { flagNameProblem } from '@switchyard/rules';
import { BadDataError } from '../../../http/errors.ts';
import { CONTEXT_FIELD_NAME_PATTERN, duplicateValues } from '../context/context-field.ts';
import { comparedValues, constraintProblems, normalizeConstraint } from '../flags/constraint.ts';
import { normalizeVariants, type VariantInput } from '../flags/variant.ts';
import { TAG_TYPE_NAME_PATTERN, TAG_VALUE_MAX_LENGTH, TAG_VALUE_MIN_LENGTH } from '../tags/tag.ts';
import { checkDependencies } from './flag-import-dependency-check.ts';
import type { ImportFacts } from './flag-import-store.ts';
import { byCodeUnits, type FlagTransfer, type ImportFinding, type ImportReport } from './flag-transfer.ts';
import { mentionProject } from '../../../http/project-mention.ts';

const unique = (items: string[]) => [...new Set(items)];

/** Collects findings, leaving out those with no affected items. */
function findings() {
  const list: ImportFinding[] = [];
  return {
    list,
    add(message: string, affectedItems: string[]) {
      if (affectedItems.length) list.push({ message, affectedItems: unique(affectedItems) });
    },
  };
}

/** The problems normalizeVariants finds, as messages. */
function variantProblems(variants: VariantInput[], stickiness?: string): string[] {
  try {
    normalizeVariants(variants, '', stickiness);
    return [];
  } catch (error) {
    if (error instanceof BadDataError) return error.details.map((detail) => detail.message);
    throw error;
  }
}

/** Flags: duplicates, names, where they already live, types, and the project's flag limit. */
function checkFlags(transfer: FlagTransfer, facts: ImportFacts, errors: ReturnType<typeof findings>) {
  const names = transfer.flags.map((flag) => flag.name);
  errors.add(
    'These flags appear more than once in `features`:',
    names.filter((name, index) => names.indexOf(name) !== index),
  );
  errors.add(
    'These flag names are not allowed:',
    transfer.flags.flatMap((flag) => {
      const problem = flagNameProblem(flag.name);
      return problem ? [`${flag.name}: ${problem}`] : [];
    }),
  );
  const existing = unique(names).map((name) => ({ name, found: facts.flags.get(name) }));
  errors.add(
    `These flags already exist in other projects, so they cannot be imported into "${facts.project.id}":`,
    existing.flatMap(({ name, found }) =>
      found && found.project !== facts.project.id ? [`${name} (in ${mentionProject(found.project)})`] : [],
    ),
  );
  errors.add(
    'These flags exist but are archived; revive them or delete them for good first:',
    existing.flatMap(({ name, found }) =>
      found?.archived && found.project === facts.project.id ? [name] : [],
    ),
  );
  errors.add(
    'These flag types do not exist here:',
    transfer.flags.map((flag) => flag.type).filter((type) => !facts.flagTypes.has(type)),
  );
  const added = existing.filter(({ found }) => !found).length;
  const { featureLimit, activeFlags } = facts.project;
  if (featureLimit !== null && activeFlags + added > featureLimit) {
    errors.list.push({
      message: `Project "${facts.project.id}" allows ${featureLimit} flags; it has ${activeFlags} and the import would add ${added}.`,
      affectedItems: [],
    });
  }
}

/** Strategies, environment entries and tags must belong to a flag of `features`. */
function checkReferences(transfer: FlagTransfer, errors: ReturnType<typeof findings>) {
  const names = new Set(transfer.flags.map((flag) => flag.name));
  const stray = (list: string, flagNames: string[]) =>
    flagNames.filter((name) => !names.has(name)).map((name) => `${list}: ${name || '(no flag named)'}`);
  errors.add('These entries refer to flags that are not in `features`:', [
    ...stray(
      'featureStrategies',
      transfer.strategies.map((strategy) => strategy.flagName),
    ),
    ...stray(
      'featureEnvironments',
      transfer.environments.map((state) => state.flagName),
    ),
    ...stray(
      'featureTags',
      transfer.tags.map((tag) => tag.flagName),
    ),
    ...stray(
      'dependencies',
      transfer.dependencies.map((dependency) => dependency.child),
    ),
  ]);
}

/** Context fields: existing ones must hold every imported legal value; new ones must be creatable. */
function checkContextFields(transfer: FlagTransfer, facts: ImportFacts, errors: ReturnType<typeof findings>) {
  const mismatched: string[] = [];
  const elsewhere: string[] = [];
  const uncreatable: string[] = [];
  for (const field of transfer.contextFields) {
    const existing = facts.contextFields.get(field.name);
    if (existing) {
      if (existing.project !== null && existing.project !== facts.project.id) {
        elsewhere.push(`${field.name} (in ${mentionProject(existing.project)})`);
      } else if (!field.legalValues.every((legal) => existing.legalValues.includes(legal.value))) {
        mismatched.push(field.name);
      }
      continue;
    }
    if (!new RegExp(CONTEXT_FIELD_NAME_PATTERN).test(field.name) || field.name.length > 100) {
      uncreatable.push(`${field.name}: names may hold letters, digits and . _ ~ - only, at most 100`);
    }
    const repeated = duplicateValues(field.legalValues);
    if (repeated.length) uncreatable.push(`${field.name}: legal values repeated: ${repeated.join(', ')}`);
  }
  errors.add('These context fields exist here without some of the legal values the import has:', mismatched);
  errors.add('These context fields belong to another project here:', elsewhere);
  errors.add('These context fields cannot be created:', uncreatable);
}

/** Legal values per context field after the import: existing fields', or the imported ones for new fields. */
function legalValuesAfter(transfer: FlagTransfer, facts: ImportFacts): Map<string, string[]> {
  const legal = new Map<string, string[]>();
  for (const field of transfer.contextFields)
    legal.set(
      field.name,
      field.legalValues.map((v) => v.value),
    );
  for (const [name, field] of facts.contextFields) legal.set(name, field.legalValues);
  return legal;
}

/** Strategy types, constraints, variants and segments. */
function checkStrategies(transfer: FlagTransfer, facts: ImportFacts, errors: ReturnType<typeof findings>) {
  errors.add(
    'These strategy types do not exist here; create them first:',
    transfer.strategies.map((strategy) => strategy.name).filter((name) => !facts.strategyTypes.has(name)),
  );
  const legal = legalValuesAfter(transfer, facts);
  const invalid: string[] = [];
  for (const strategy of transfer.strategies) {
    for (const input of strategy.constraints) {
      const constraint = normalizeConstraint(input);
      const problems = constraintProblems(constraint, '').map((problem) => problem.message);
      const allowed = legal.get(constraint.contextName) ?? [];
      for (const value of allowed.length ? comparedValues(constraint) : []) {
        if (!allowed.includes(value)) {
          problems.push(`"${value}" is not a legal value of context field "${constraint.contextName}"`);
        }
      }
      invalid.push(...problems.map((problem) => `${strategy.flagName}: ${problem}`));
    }
    invalid.push(...variantProblems(strategy.variants).map((problem) => `${strategy.flagName}: ${problem}`));
  }
  for (const state of transfer.environments) {
    invalid.push(
      ...variantProblems(state.variants, 'default').map((problem) => `${state.flagName}: ${problem}`),
    );
  }
  errors.add('These strategies or variants are not valid:', invalid);

  const listed = new Set(transfer.segments.map((segment) => segment.id));
  errors.add(
    'These strategies use segment ids that `segments` does not list:',
    transfer.strategies.flatMap((strategy) =>
      strategy.segments.filter((id) => !listed.has(id)).map((id) => `${strategy.flagName}: ${id}`),
    ),
  );
  errors.add(
    'These segments do not exist here (or belong to another project); create them first:',
    transfer.segments
      .filter((segment) => {
        const found = facts.segments.get(segment.name);
        return !found || (found.project !== null && found.project !== facts.project.id);
      })
      .map((segment) => segment.name),
  );
}

function checkTags(transfer: FlagTransfer, facts: ImportFacts, errors: ReturnType<typeof findings>) {
  errors.add(
    'These tags are not valid:',
    transfer.tags.flatMap((tag) => {
      const value = tag.value.trim();
      return value.length < TAG_VALUE_MIN_LENGTH || value.length > TAG_VALUE_MAX_LENGTH
        ? [
            `${tag.type}:${tag.value}: values must be ${TAG_VALUE_MIN_LENGTH} to ${TAG_VALUE_MAX_LENGTH} characters`,
          ]
        : [];
    }),
  );
  const created = unique([
    ...transfer.tagTypes.map((type) => type.name),
    ...transfer.tags.map((tag) => tag.type),
  ]);
  errors.add(
    'These tag types do not exist here and cannot be created with these names:',
    created.filter(
      (name) =>
        !facts.tagTypes.has(name) &&
        (!new RegExp(TAG_TYPE_NAME_PATTERN).test(name) || name.length < 2 || name.length > 50),
    ),
  );
}

/**
 * Everything that would make this import fail, and what it will do that may surprise. Pure: the facts hold what
 * it needs from the database.
 */
export function checkImport(transfer: FlagTransfer, facts: ImportFacts): ImportReport {
  const errors = findings();
  checkFlags(transfer, facts, errors);
  checkReferences(transfer, errors);
  checkContextFields(transfer, facts, errors);
  checkStrategies(transfer, facts, errors);
  checkTags(transfer, facts, errors);
  errors.add('These dependencies cannot be set:', checkDependencies(transfer, facts));

  const warnings = findings();
  warnings.add(
    'These custom strategy types are used; make sure their parameters mean the same here:',
    transfer.strategies
      .map((strategy) => strategy.name)
      .filter((name) => facts.strategyTypes.get(name)?.builtIn === false)
      .sort(byCodeUnits),
  );
  warnings.add(
    'These flags already exist in the project and will be overwritten:',
    transfer.flags
      .map((flag) => flag.name)
      .filter((name) => {
        const found = facts.flags.get(name);
        return found?.project === facts.project.id && !found.archived;
      }),
  );
  return { errors: errors.list, warnings: warnings.list, permissions: [] };
}
