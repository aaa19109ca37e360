import type { ReactNode } from 'react';
import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EnterSubmits } from '../enter-submits';
import { useZodForm } from '../zod-form';

type ZodForm<S extends z.ZodType> = ReturnType<typeof useZodForm<S>>;

/** What the form needs of a TanStack mutation: to run it with callbacks, and whether it is running. */
interface Mutation<V> {
  mutate: (variables: V, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * Add or edit one reference record in a modal: the contracts' zod schema through `useZodForm`
 * (inline rules, the server's field errors on the fields), Save loading — so not clickable — while
 * saving, Enter submits, Esc and Cancel close. Creates when `id` is null, updates otherwise.
 */
export function ReferenceFormModal<S extends z.ZodType, V = Record<string, unknown>>({
  schema,
  id,
  create,
  update,
  title,
  initialValues,
  transform,
  onClose,
  width,
  children,
}: {
  schema: S;
  id: number | null;
  create: Mutation<z.output<S>>;
  update: Mutation<{ id: number; body: z.output<S> }>;
  title: ReactNode;
  initialValues: object;
  /** the form's values to the body the schema reads (e.g. a cleared select to null) */
  transform?: (values: V) => unknown;
  onClose: () => void;
  width?: number;
  children: (zf: ZodForm<S>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const zf = useZodForm(schema);
  const saving = create.isPending || update.isPending;

  const submit = (body: z.output<S>) => {
    if (saving) return; // Enter in a field while the first save runs
    const onSuccess = () => {
      void message.success(t('messages.saved'));
      onClose();
    };
    if (id !== null) update.mutate({ id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  return (
    <Modal
      open
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
    >
      <Form form={zf.form} layout="vertical" initialValues={initialValues} {...zf.submitHandlers(submit, transform)}>
        {children(zf)}
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
