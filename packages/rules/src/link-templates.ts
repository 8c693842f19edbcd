/** A link every new flag of a project gets: `{{project}}` and `{{feature}}` in the URL become the flag's. */
export type LinkTemplate = { title: string | null; urlTemplate: string };

/** How many templates a project may have: each new flag gets one link per template. */
export const MAX_LINK_TEMPLATES = 20;

const PLACEHOLDER = /\{\{\s*(project|feature)\s*\}\}/g;

/** The URL a template gives a flag; the names are URL-encoded where they go. */
export function linkFromTemplate(urlTemplate: string, names: { project: string; feature: string }): string {
  return urlTemplate.replace(PLACEHOLDER, (_, which: 'project' | 'feature') =>
    encodeURIComponent(names[which]),
  );
}

/** Why a URL template cannot give flags a link (it must make an http or https URL), or undefined when it can. */
export function linkTemplateProblem(urlTemplate: string): string | undefined {
  const leftover = /\{\{[^}]*\}\}/.exec(urlTemplate.replace(PLACEHOLDER, 'x'));
  if (leftover) return `"urlTemplate" knows only {{project}} and {{feature}}, not ${leftover[0]}`;
  let url: URL | undefined;
  try {
    url = new URL(linkFromTemplate(urlTemplate, { project: 'p', feature: 'f' }));
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname)
    return `"urlTemplate" must make an http or https URL, such as https://tracker.example.com/browse/{{feature}}`;
  return undefined;
}
