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

/** The error list antd gives when its own field rules fail (`onFinishFailed`, a rejected `validateFields`). */
interface FailedFields {
  errorFields?: { errors: string[] }[];
}

/**
 * The general message of a form that fails its checks (spec §5), once for the whole form beside the
 * messages on its fields: 'Please fill in all required fields.' when something required is empty, else
 * 'Validation failed. Please fill all required fields' — the server's words for the same two cases.
 * Every form shows it through here: `useZodForm` on its own, a form without a schema with
 * `onFinishFailed`, a step-by-step form with `afterRejected` when its `validateFields` rejects.
 */
export function useInvalidFormNotice() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const requiredMessage = t('validation:required');
  const notifyInvalid = useCallback(
    (requiredMissing: boolean) => {
      const key = requiredMissing ? 'errors:REQUIRED_FIELDS_MISSING' : 'errors:VALIDATION_FAILED';
      void message.warning({ content: t(key), key: 'form-invalid' });
    },
    [message, t],
  );
  const afterRejected = useCallback(
    (failure: unknown) => {
      const fields = (failure as FailedFields | null)?.errorFields ?? [];
      if (fields.length > 0) notifyInvalid(fields.some((f) => f.errors.includes(requiredMessage)));
    },
    [notifyInvalid, requiredMessage],
  );
  return { notifyInvalid, requiredMessage, onFinishFailed: afterRejected, afterRejected };
}

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

  /**
   * The inline rule of one top-level field of the form schema; `toBody` maps a form value that differs
   * from the request's (a sum the API keeps in tiyin) before the check.
   */
  const rule = useCallback(
    (name: string, toBody?: (value: unknown) => unknown): Rule[] => {
      const field = shapeOf(schema)?.[name];
      if (!field) return [];
      return [schemaRule(toBody ? z.preprocess(toBody, field) : field)];
    },
    [schema, schemaRule],
  );

  const { notifyInvalid, requiredMessage } = useInvalidFormNotice();

  const parse = useCallback(
    (values: unknown): z.output<S> | null => {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      const issues = fieldIssues(result.error);
      form.setFields(issues.map((issue) => ({ name: toNamePath(issue.path), errors: [translate(issue)] })));
      const first = issues[0];
      if (first) form.scrollToField(toNamePath(first.path), { block: 'center', focus: true });
      notifyInvalid(issues.some((issue) => issue.key === 'required'));
      return null;
    },
    [form, schema, translate, notifyInvalid],
  );

  /** True when at least one server message landed on a field of this form. */
  const showServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false;
      const entries = Object.entries(error.fields).filter(([path]) => path !== '_');
      if (entries.length === 0) return false;
      const useCodeMessage = entries.length === 1 && !genericCodes.has(error.code);
      form.setFields(entries.map(([path, message]) => ({ name: toNamePath(path), errors: [useCodeMessage ? error.message : message] })));
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
    <V>(onValid: (body: z.output<S>) => void, transform: (values: V) => unknown = (values) => values) => ({
      onFinish: (values: V) => {
        const body = parse(transform(values));
        if (body) onValid(body);
      },
      onFinishFailed: ({ values, errorFields }: { values: V; errorFields: { errors: string[] }[] }) => {
        // the schema's check shows the general message; a form's own antd rule that failed alone shows it here
        if (parse(transform(values)) !== null && errorFields.length > 0) notifyInvalid(errorFields.some((f) => f.errors.includes(requiredMessage)));
      },
    }),
    [parse, notifyInvalid, requiredMessage],
  );

  return useMemo(
    () => ({ form, rule, schemaRule, parse, showServerErrors, fail, submitHandlers }),
    [form, rule, schemaRule, parse, showServerErrors, fail, submitHandlers],
  );
}
