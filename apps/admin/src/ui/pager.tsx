import { Pagination } from '@mantine/core';

/** Pagination whose arrow buttons say what they do, for screen readers. */
export function Pager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
    />
  );
}
