import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ReleaseTemplate } from '../../api/wire.ts';
import { Crumbs } from '../../ui/crumbs.tsx';
import { fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useSegments } from '../segments/use-segments.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { BUILT_IN_STRATEGIES } from '../strategies/strategy-model.ts';
import { useStrategyDefinitions } from '../strategies/use-strategy-definitions.ts';
import { ReleaseTemplateEditor } from './release-template-editor.tsx';
import {
  milestoneDefinitions,
  newTemplateDraft,
  templateProblems,
  toTemplateBody,
  toTemplateDraft,
  type ReleaseTemplateDraft,
} from './release-template-model.ts';
import { useReleaseTemplate, useReleaseTemplateMutations } from './use-release-templates.ts';

export const RELEASE_TEMPLATES_PATH = '/release-templates';

/** Creates a release template (`/release-templates/new`) or edits one (`/release-templates/:templateId`). */
export function ReleaseTemplatePage() {
  const { templateId } = useParams() as { templateId?: string };
  const existing = useReleaseTemplate(templateId === 'new' ? undefined : templateId);
  const crumbs = (
    <Crumbs
      items={[
        { label: 'Release templates', to: RELEASE_TEMPLATES_PATH },
        { label: templateId === 'new' ? 'New' : (existing.data?.name ?? templateId) },
      ]}
    />
  );
  if (templateId === 'new' || templateId === undefined)
    return (
      <>
        {crumbs}
        <TemplateForm />
      </>
    );
  return (
    <>
      {crumbs}
      <QueryState query={existing} label="the release template">
        {(template) => <TemplateForm template={template} />}
      </QueryState>
    </>
  );
}

function TemplateForm({ template }: { template?: ReleaseTemplate }) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ReleaseTemplateDraft>(() =>
    template ? toTemplateDraft(template) : newTemplateDraft(),
  );
  const [showProblems, setShowProblems] = useState(false);
  const definitions = useStrategyDefinitions();
  const segments = useSegments();
  const { save } = useReleaseTemplateMutations();
  const archived = Boolean(template?.archivedAt);
  const allowed = can(template ? 'RELEASE_PLAN_TEMPLATE_UPDATE' : 'RELEASE_PLAN_TEMPLATE_CREATE');
  const readOnly = !allowed || archived;
  const list = milestoneDefinitions(definitions.data?.length ? definitions.data : BUILT_IN_STRATEGIES);
  const problems = templateProblems(draft, list);
  const shown = { ...fieldErrors(save.error), ...(showProblems ? problems : {}) };

  const submit = () => {
    setShowProblems(true);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: template?.id, body: toTemplateBody(draft) },
      {
        onSuccess: (saved) => {
          notifySuccess(`${template ? 'Saved' : 'Created'} the release template ${saved.name}`);
          void navigate(RELEASE_TEMPLATES_PATH);
        },
      },
    );
  };
  return (
    <>
      <PageHeader
        title={template ? template.name : 'New release template'}
        description="Milestones a flag environment follows one at a time: each puts its strategies on when it starts, in place of the previous milestone's."
        actions={
          !readOnly && (
            <Group gap="xs">
              <Button variant="default" onClick={() => void navigate(RELEASE_TEMPLATES_PATH)}>
                Cancel
              </Button>
              <Button loading={save.isPending} onClick={submit}>
                {template ? 'Save template' : 'Create template'}
              </Button>
            </Group>
          )
        }
      />
      {archived && (
        <Alert color="gray" mb="md">
          This template is archived: it can no longer be added to flags or changed.
        </Alert>
      )}
      {!allowed && !archived && (
        <Alert color="gray" mb="md">
          You may read this template; changing release templates needs the permission to{' '}
          {template ? 'change' : 'create'} them.
        </Alert>
      )}
      <ReleaseTemplateEditor
        draft={draft}
        segments={segments.data ?? []}
        problems={shown}
        readOnly={readOnly}
        onChange={setDraft}
      />
    </>
  );
}
