import { MultiSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useFlagTypes } from '../flag-types/use-flag-types.ts';
import { tagLabel, useTags } from '../tags/use-tags.ts';

/** The search box of a flag list: typing waits a moment (250 ms) before asking the server. */
export function FlagSearchInput({
  query,
  placeholder,
  onSearch,
  width,
}: {
  query: string;
  placeholder: string;
  onSearch: (query: string) => void;
  width: number;
}) {
  const [text, setText] = useState(query);
  const search = useDebouncedCallback(onSearch, 250);
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        search(e.currentTarget.value);
      }}
      w={width}
    />
  );
}

/** The flag type and tag pickers of a flag list; values are type ids and `type:value` tags. */
export function FlagTypeAndTagPickers({
  types,
  tags,
  onChange,
  width,
}: {
  types: string[];
  tags: string[];
  onChange: (change: { types?: string[]; tags?: string[] }) => void;
  width: number;
}) {
  const flagTypes = useFlagTypes();
  const knownTags = useTags();
  return (
    <>
      <MultiSelect
        label="Type"
        placeholder={types.length ? undefined : 'Any type'}
        data={(flagTypes.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={types}
        onChange={(value) => onChange({ types: value })}
        clearable
        w={width}
      />
      <MultiSelect
        label="Tag"
        placeholder={tags.length ? undefined : 'Any tag'}
        data={(knownTags.data ?? []).map(tagLabel)}
        value={tags}
        onChange={(value) => onChange({ tags: value })}
        searchable
        clearable
        w={width}
      />
    </>
  );
}
