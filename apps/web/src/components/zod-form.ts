import { useCallback, useMemo } from 'react';
import { App, Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldIssues, type FieldIssue } from '@pharma/contracts';
import { ApiError, errorMessage } from '../lib/api-client';

/**
 * The one adapter between antd Form and the contracts' zod schemas:
 * - `rule(name)` validates a field on change with its own schema (inline feedback);
 * - `parse(values)` validates the whole form on submit (cross-field rules too) and puts every issue on its field;
 * - `showServerErrors(error)` puts the server's `fields` on the fields;
 * - `fail(error)` does that and shows the server's message unless it already stands on a field.
 * Messages are `validation:<key>` with {{min}}/{{max}}.
 */
type NamePath = (string | number)[];

export function toNamePath(path: string): NamePath {
  return path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/** Codes whose message says more than the field message the server attaches (e.g. LOGIN_TAKEN on login). */
const genericCodes = new Set(['VALIDATION_FAILED', 'REQUIRED_FIELDS_MISSING']);

export function useZodForm<S extends z.ZodType>(schema: S, existing?: FormInstance) {
  const [form] = Form.useForm(existing);
  const { t } = useTranslation();
  const { message } = App.useApp();

  const translate = useCallback((issue: Pick<FieldIssue, 'key' | 'params'>) => t(`validation:${issue.key}`, issue.params), [t]);

  const schemaRule = useCallback(
    (fieldSchema: z.ZodType): Rule => ({
      validator: async (_rule, value: unknown) => {
        const result = fieldSchema.safeParse(value);
        if (result.success) return;
        const [issue] = fieldIssues(result.error);
        throw new Error(issue ? translate(issue) : t('validation:invalid'));
      },
    }),
    [t, translate],
  );

  /** The inline rule of one top-level field of the form schema. */
  const rule = useCallback(
    (name: string): Rule[] => {
      const field = shapeOf(schema)?.[name];
      return field ? [schemaRule(field)] : [];
    },
    [schema, schemaRule],
  );

  const parse = useCallback(
    (values: unknown): z.output<S> | null => {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      const issues = fieldIssues(result.error);
      form.setFields(issues.map((issue) => ({ name: toNamePath(issue.path), errors: [translate(issue)] })));
      const first = issues[0];
      if (first) form.scrollToField(toNamePath(first.path), { block: 'center', focus: true });
      return null;
    },
    [form, schema, translate],
  );

  /** True when at least one server message landed on a field of this form. */
  const showServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false;
      const entries = Object.entries(error.fields).filter(([path]) => path !== '_');
      if (entries.length === 0) return false;
      const useCodeMessage = entries.length === 1 && !genericCodes.has(error.code);
      form.setFields(
        entries.map(([path, message]) => ({ name: toNamePath(path), errors: [useCodeMessage ? error.message : message] })),
      );
      const first = entries[0];
      if (first) form.scrollToField(toNamePath(first[0]), { block: 'center', focus: true });
      return true;
    },
    [form],
  );

  const fail = useCallback(
    (error: unknown) => {
      const onField = showServerErrors(error);
      if (onField && error instanceof ApiError && !genericCodes.has(error.code) && Object.keys(error.fields).length === 1) return;
      void message.error(errorMessage(error));
    },
    [message, showServerErrors],
  );

  /**
   * antd Form handlers: a valid form goes to `onValid` with the parsed body; an invalid one still
   * runs the whole schema, so cross-field rules (e.g. the manager user) show at the same time.
   */
  const submitHandlers = useCallback(
    <V,>(onValid: (body: z.output<S>) => void, transform: (values: V) => unknown = (values) => values) => ({
      onFinish: (values: V) => {
        const body = parse(transform(values));
        if (body) onValid(body);
      },
      onFinishFailed: ({ values }: { values: V }) => {
        parse(transform(values));
      },
    }),
    [parse],
  );

  return useMemo(
    () => ({ form, rule, schemaRule, parse, showServerErrors, fail, submitHandlers }),
    [form, rule, schemaRule, parse, showServerErrors, fail, submitHandlers],
  );
}
