import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Banner, BannerVariant } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { BannerView, linkKind } from './banner-view.tsx';
import { useBannerMutations, type BannerInput } from './use-banners.ts';

export const VARIANTS: { value: BannerVariant; label: string }[] = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  { value: 'error', label: 'Error' },
  { value: 'success', label: 'Success' },
];

export type BannerForm = {
  message: string;
  variant: BannerVariant;
  sticky: boolean;
  showIcon: boolean;
  link: string;
  linkText: string;
  dialogTitle: string;
  dialog: string;
};

export const emptyBannerForm: BannerForm = {
  message: '',
  variant: 'info',
  sticky: false,
  showIcon: true,
  link: '',
  linkText: '',
  dialogTitle: '',
  dialog: '',
};

export const formOf = (banner: Banner): BannerForm => ({
  message: banner.message,
  variant: banner.variant,
  sticky: banner.sticky,
  showIcon: banner.icon !== 'none',
  link: banner.link ?? '',
  linkText: banner.linkText ?? '',
  dialogTitle: banner.dialogTitle ?? '',
  dialog: banner.dialog ?? '',
});

/** The same rules the server applies, checked before sending; the server still has the last word. */
export function bannerFormProblems(form: BannerForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.message.trim()) problems.message = 'A message is required';
  else if (form.message.length > 1000) problems.message = 'At most 1,000 characters';
  const link = form.link.trim();
  if (link && link !== 'dialog' && !/^(https?:\/\/\S+|\/\S*)$/.test(link))
    problems.link = 'An http(s) URL, a path starting with /, or "dialog"';
  if (link === 'dialog' && !form.dialog.trim()) problems.dialog = 'The dialog needs some text';
  return problems;
}

/** What the form sends: empty optional fields are cleared (null), so an edit can remove a link. */
export function bannerBody(form: BannerForm): Omit<BannerInput, 'enabled'> {
  const text = (value: string) => value.trim() || null;
  const dialog = form.link.trim() === 'dialog';
  return {
    message: form.message.trim(),
    variant: form.variant,
    sticky: form.sticky,
    icon: form.showIcon ? null : 'none',
    link: text(form.link),
    linkText: text(form.linkText),
    dialogTitle: dialog ? text(form.dialogTitle) : null,
    dialog: dialog ? text(form.dialog) : null,
  };
}

/** Creates a banner, or edits one, with a preview of how everyone will see it. */
export function BannerFormModal({ banner, onClose }: { banner?: Banner; onClose: () => void }) {
  const [form, setForm] = useState<BannerForm>(banner ? formOf(banner) : emptyBannerForm);
  const [local, setLocal] = useState<Record<string, string>>({});
  const { save } = useBannerMutations();
  const errors = { ...fieldErrors(save.error), ...local };
  const set = <K extends keyof BannerForm>(field: K, value: BannerForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const body = bannerBody(form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = bannerFormProblems(form);
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate(banner ? { ...body, id: banner.id } : body, {
      onSuccess: () => {
        notifySuccess(banner ? 'Banner saved' : 'Banner created and shown to everyone');
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={banner ? 'Edit banner' : 'New banner'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Textarea
            label="Message"
            required
            autosize
            minRows={2}
            value={form.message}
            error={errorFor(errors, 'message')}
            onChange={(e) => set('message', e.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <Select
              label="Variant"
              data={VARIANTS}
              value={form.variant}
              allowDeselect={false}
              error={errorFor(errors, 'variant')}
              onChange={(value) => value && set('variant', value as BannerVariant)}
            />
            <TextInput
              label="Link"
              description="A URL, a path such as /projects/default, or dialog"
              value={form.link}
              error={errorFor(errors, 'link')}
              onChange={(e) => set('link', e.currentTarget.value)}
            />
          </Group>
          {linkKind(form.link.trim()) !== 'none' && (
            <TextInput
              label="Link text"
              placeholder="Read more"
              value={form.linkText}
              error={errorFor(errors, 'linkText')}
              onChange={(e) => set('linkText', e.currentTarget.value)}
            />
          )}
          {form.link.trim() === 'dialog' && (
            <>
              <TextInput
                label="Dialog title"
                placeholder="The message"
                value={form.dialogTitle}
                error={errorFor(errors, 'dialogTitle')}
                onChange={(e) => set('dialogTitle', e.currentTarget.value)}
              />
              <Textarea
                label="Dialog text"
                description="Blank lines separate paragraphs."
                required
                autosize
                minRows={3}
                value={form.dialog}
                error={errorFor(errors, 'dialog')}
                onChange={(e) => set('dialog', e.currentTarget.value)}
              />
            </>
          )}
          <Group>
            <Checkbox
              label="Stay in view while scrolling"
              checked={form.sticky}
              onChange={(e) => set('sticky', e.currentTarget.checked)}
            />
            <Checkbox
              label="Show the icon"
              checked={form.showIcon}
              onChange={(e) => set('showIcon', e.currentTarget.checked)}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Preview
            </Text>
            <BannerView banner={{ ...body, message: body.message || 'Your message' }} />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {banner ? 'Save banner' : 'Create banner'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
