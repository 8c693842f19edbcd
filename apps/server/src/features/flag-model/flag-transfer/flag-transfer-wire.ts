/** Maps between the domain FlagTransfer and Unleash's export shape, where flags are "features". */
import type { ExportResultResponse } from './flag-export-schemas.ts';
import type { ImportData } from './flag-import-schemas.ts';
import type { FlagTransfer, TransferDependency } from './flag-transfer.ts';

export function toExportResponse(transfer: FlagTransfer, environment: string): ExportResultResponse {
  const children = [...new Set(transfer.dependencies.map((dependency) => dependency.child))];
  return {
    features: transfer.flags.map((flag) => ({
      name: flag.name,
      type: flag.type,
      description: flag.description,
      project: flag.project,
      stale: flag.stale,
      impressionData: flag.impressionData,
    })),
    featureStrategies: transfer.strategies.map((strategy) => ({
      name: strategy.name,
      id: strategy.id ?? '',
      featureName: strategy.flagName,
      title: strategy.title,
      parameters: strategy.parameters,
      constraints: strategy.constraints as ExportResultResponse['featureStrategies'][number]['constraints'],
      variants: strategy.variants as ExportResultResponse['featureStrategies'][number]['variants'],
      segments: strategy.segments,
      sortOrder: strategy.sortOrder ?? 0,
      disabled: strategy.disabled,
    })),
    featureEnvironments: transfer.environments.map((state) => ({
      name: state.flagName,
      featureName: state.flagName,
      environment,
      enabled: state.enabled,
      variants: state.variants as ExportResultResponse['featureEnvironments'][number]['variants'],
    })),
    contextFields: transfer.contextFields,
    featureTags: transfer.tags.map((tag) => ({
      featureName: tag.flagName,
      tagType: tag.type,
      tagValue: tag.value,
    })),
    segments: transfer.segments,
    tagTypes: transfer.tagTypes,
    dependencies: children.map((child) => ({
      feature: child,
      dependencies: transfer.dependencies
        .filter((dependency) => dependency.child === child)
        .map((dependency) => ({
          feature: dependency.parent,
          enabled: dependency.enabled,
          ...(dependency.enabled ? { variants: dependency.variants } : {}),
        })),
    })),
  };
}

/** The import's data with Unleash's defaults filled in. */
export function fromImportData(data: ImportData): FlagTransfer {
  const dependencies: TransferDependency[] = (data.dependencies ?? []).flatMap((entry) =>
    entry.dependencies.map((parent) => ({
      child: entry.feature,
      parent: parent.feature,
      enabled: parent.enabled ?? true,
      variants: parent.variants ?? [],
    })),
  );
  return {
    flags: data.features.map((feature) => ({
      name: feature.name,
      project: feature.project ?? '',
      type: feature.type ?? 'release',
      description: feature.description ?? null,
      stale: feature.stale ?? false,
      impressionData: feature.impressionData ?? false,
    })),
    strategies: data.featureStrategies.map((strategy) => ({
      id: strategy.id ?? null,
      flagName: strategy.featureName,
      name: strategy.name,
      title: strategy.title ?? null,
      sortOrder: strategy.sortOrder ?? null,
      disabled: strategy.disabled ?? false,
      parameters: Object.fromEntries(
        Object.entries(strategy.parameters ?? {}).map(([key, value]) => [key, String(value)]),
      ),
      constraints: strategy.constraints ?? [],
      variants: strategy.variants ?? [],
      segments: strategy.segments ?? [],
    })),
    environments: (data.featureEnvironments ?? []).map((state) => ({
      flagName: state.featureName ?? state.name ?? '',
      enabled: state.enabled,
      variants: state.variants ?? [],
    })),
    contextFields: (data.contextFields ?? []).map((field) => ({
      name: field.name,
      description: field.description ?? null,
      stickiness: field.stickiness ?? false,
      sortOrder: field.sortOrder ?? 10,
      legalValues: field.legalValues ?? [],
      project: field.project ?? null,
    })),
    tags: (data.featureTags ?? []).map((tag) => ({
      flagName: tag.featureName,
      type: tag.tagType ?? 'simple',
      value: tag.tagValue,
    })),
    segments: data.segments ?? [],
    tagTypes: (data.tagTypes ?? []).map((tagType) => ({
      name: tagType.name,
      description: tagType.description ?? null,
      icon: tagType.icon ?? null,
      color: tagType.color ?? null,
    })),
    dependencies,
  };
}
