import type { ReactNode } from 'react';
import { Button, Card, Flex, type ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { defaultPageSize, pageSizes } from '@pharma/contracts';
import { DataTable, type DataTableProps } from '../data-table';
import { PageHeader } from '../page-header';

/** The Add button of a reference screen, shown only to a user with the right. */
export function AddButton({ show, label, onClick, type = 'primary' }: { show: boolean; label: ReactNode; onClick: () => void; type?: ButtonProps['type'] }) {
  if (!show) return null;
  return (
    <Button type={type} icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Client-side paging of a list loaded whole: 25/50/100, hidden on a single page. */
export const clientPagination = { defaultPageSize, pageSizeOptions: pageSizes.map(String), showSizeChanger: true, hideOnSinglePage: true };

/**
 * The frame of a reference-data screen: the title with Add (by right), the screen's toolbar
 * (search, filters) if it has one, and the table with its loading, empty and error states.
 * The form (modal or drawer) goes in `children`.
 */
export function ReferenceListPage<T extends object>({
  title,
  add,
  toolbar,
  table,
  children,
}: {
  title: ReactNode;
  add?: { show: boolean; label: ReactNode; onClick: () => void };
  toolbar?: ReactNode;
  table: DataTableProps<T>;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} extra={add?.show ? <AddButton {...add} /> : null} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        {toolbar ? (
          <Flex className="toolbar" gap={8} wrap align="flex-start">
            {toolbar}
          </Flex>
        ) : null}
        <DataTable<T> pagination={clientPagination} scroll={{ x: true }} {...table} />
      </Card>
      {children}
    </>
  );
}
