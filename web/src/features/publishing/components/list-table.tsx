// The table of a publishing list (posts, home slides, feedback) on a wide screen: the column titles,
// then a last column for each row's buttons, whose title only a screen reader reads.
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

export interface ListTableProps {
  /** The column titles (TableCells) before the buttons' column. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  testId: string;
}

export function ListTable({ head, children, testId }: ListTableProps) {
  const { t } = useTranslation('publishing');
  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {head}
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('list.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
