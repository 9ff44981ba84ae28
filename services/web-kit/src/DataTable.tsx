import type { ComponentChildren } from 'preact';

/** One column of a list: its heading, and what each row shows in it. */
export interface Column<T> {
  /** Empty for a column of buttons. */
  header: ComponentChildren;
  cell: (row: T) => ComponentChildren;
  /** Left out on a narrow screen. */
  optional?: boolean;
  /** Written left to right inside a right-to-left page: ids, emails, card numbers, paths. */
  ltr?: boolean;
  /** The cells' own class (`row-actions` for a column of buttons). */
  cellClass?: string;
}

/**
 * A list of objects, one row each, newest first as the API lists them. Columns that do not apply to the
 * person looking (buttons their role may not use) are given as `false`.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
}: {
  rows: readonly T[];
  columns: readonly (Column<T> | false)[];
  rowKey: (row: T) => string | number;
}) {
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return (
    <table class="list">
      <thead>
        <tr>
          {shown.map((column, i) => (
            <th key={i} scope="col" class={column.optional ? 'optional' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {shown.map((column, i) => (
              <td
                key={i}
                class={[column.optional && 'optional', column.cellClass].filter(Boolean).join(' ') || undefined}
                dir={column.ltr ? 'ltr' : undefined}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
