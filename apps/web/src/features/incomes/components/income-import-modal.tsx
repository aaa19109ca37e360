import { useState } from 'react';
import { Alert, App, Form, Modal, Skeleton, Table, Upload } from 'antd';
import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { importIncomeBody, incomeImportColumns, maxImportFileChars, maxImportRows, type ImportIncomeBody } from '@pharma/contracts';
import { DownloadButton } from '../../../components/download-button';
import { useZodForm } from '../../../components/zod-form';
import { hrefOf } from '../../../lib/paths';
import { ApiError } from '../../../lib/api-client';
import { useTradeSettings } from '../../pricing';
import { downloadImportTemplate } from '../api/download-import-template';
import { useImportIncome } from '../api/import-income';
import { headerBody, headerDefaults, IncomeHeaderFields, type HeaderValues } from './income-header-fields';
import { EnterSubmits } from '../../../components/enter-submits';
import { readBase64 } from '../../../lib/read-base64';

interface RowError {
  key: string;
  row: number;
  column: string;
  message: string;
}

const columnOrder = (column: string) => {
  const i = (incomeImportColumns as readonly string[]).indexOf(column);
  return i < 0 ? incomeImportColumns.length : i;
};

/** `rows.<sheet row>.<column>` → one line of the error report, in sheet order. */
export function rowErrors(fields: Record<string, string>): RowError[] {
  return Object.entries(fields)
    .map(([path, message]) => {
      const m = /^rows\.(\d+)\.(\w+)$/.exec(path);
      return m ? { key: path, row: Number(m[1]), column: m[2]!, message } : null;
    })
    .filter((e): e is RowError => e !== null)
    .sort((a, b) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column));
}

/**
 * An income from an .xlsx file made from the template: the header typed here, the rows from the sheet.
 * When the server refuses rows, nothing is saved and every bad cell is listed by sheet row and column.
 */
export function IncomeImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['incomes', 'stock']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const settings = useTradeSettings();
  const zf = useZodForm(importIncomeBody);
  const run = useImportIncome();
  const [fileName, setFileName] = useState<string | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);

  const submit = (body: ImportIncomeBody) => {
    setErrors([]);
    run.mutate(body, {
      onSuccess: (income) => {
        void message.success(t('messages.imported', { number: income.number, count: income.lineCount }));
        onClose();
        void navigate(hrefOf('incomeItem', { id: income.id }));
      },
      onError: (error) => {
        const report = error instanceof ApiError ? rowErrors(error.fields) : [];
        setErrors(report);
        if (report.length && error instanceof ApiError) {
          if (error.fields.file) zf.form.setFields([{ name: 'file', errors: [error.fields.file] }]);
          return;
        }
        zf.fail(error);
      },
    });
  };

  return (
    <Modal
      open
      width={1000}
      title={t('titles.importIncome')}
      okText={t('actions.import')}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('messages.importHint', { max: maxImportRows })}
        action={
          <DownloadButton size="small" icon={<FileExcelOutlined />} run={downloadImportTemplate}>
            {t('actions.downloadTemplate')}
          </DownloadButton>
        }
        style={{ marginBottom: 16 }}
      />
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<HeaderValues & { file?: string }>
          form={zf.form}
          layout="vertical"
          initialValues={headerDefaults(settings.data)}
          {...zf.submitHandlers(submit, headerBody)}
        >
          <IncomeHeaderFields schemaRule={zf.schemaRule} />
          <Form.Item name="file" label={t('fields.file.label')} required rules={zf.rule('file')}>
            <XlsxFileInput
              onRead={(name) => {
                setErrors([]);
                setFileName(name);
              }}
              onTooLarge={() => zf.form.setFields([{ name: 'file', value: undefined, errors: [t('messages.fileTooLarge')] }])}
              fileName={fileName}
            />
          </Form.Item>
          <EnterSubmits />
        </Form>
      )}
      {errors.length ? (
        <div role="alert" aria-label={t('titles.importErrors')}>
          <Alert type="error" showIcon title={t('errors:IMPORT_ROWS_INVALID')} style={{ marginBottom: 8 }} />
          <Table<RowError>
            size="small"
            rowKey="key"
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10, hideOnSinglePage: true } : false}
            columns={[
              { key: 'row', title: t('fields.sheetRow.label'), dataIndex: 'row', width: 90 },
              { key: 'column', title: t('fields.sheetColumn.label'), render: (_, e) => t(`stock:columns.${e.column}`, { defaultValue: e.column }) },
              { key: 'message', title: t('fields.problem.label'), dataIndex: 'message' },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}

/** An .xlsx file read into base64 (the form field's value); the file is never uploaded on its own. */
function XlsxFileInput({
  onChange,
  onRead,
  onTooLarge,
  fileName,
}: {
  value?: string;
  onChange?: (base64: string | undefined) => void;
  onRead: (name: string) => void;
  onTooLarge: () => void;
  fileName: string | null;
}) {
  const { t } = useTranslation(['incomes', 'stock']);
  return (
    <Upload.Dragger
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      maxCount={1}
      showUploadList={false}
      beforeUpload={(file) => {
        void readBase64(file).then((base64) => {
          if (base64.length > maxImportFileChars) {
            onChange?.(undefined);
            onTooLarge();
            return;
          }
          onChange?.(base64);
          onRead(file.name);
        });
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{fileName ?? t('messages.dropFile')}</p>
    </Upload.Dragger>
  );
}
