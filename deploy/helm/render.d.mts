export declare class TemplateError extends Error {}
export type RenderOptions = { values?: Record<string, unknown>; releaseName?: string; namespace?: string };
export declare function truthy(value: unknown): boolean;
export declare function mergeValues(base: unknown, override: unknown): Record<string, unknown>;
export declare function setValue(
  values: Record<string, unknown>,
  assignment: string,
): Record<string, unknown>;
export declare function renderTemplate(source: string, dot: unknown, defines?: string): string;
export declare function renderChart(chartDir: string, options?: RenderOptions): string;
export declare function renderManifests(
  chartDir: string,
  options?: RenderOptions,
): Array<Record<string, unknown>>;
