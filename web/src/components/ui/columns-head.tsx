// The header row of a table drawn from a list of columns (each a key and a label), shared by the list pages.
import { TableCell, TableHead, TableRow, type TableCellProps } from '@mui/material';
import type { ReactNode } from 'react';

/** What the header needs of a column. */
export interface HeadColumn {
  key: string;
  label: ReactNode;
  align?: TableCellProps['align'];
}

export function ColumnsHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((c) => (
          <TableCell key={c.key} align={c.align}>
            {c.label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
