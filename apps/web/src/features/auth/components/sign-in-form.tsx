import { useEffect, useRef, useState, type ChangeEvent, type ComponentProps, type FormEvent, type ReactElement } from 'react';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { authorizeBody, fieldIssues, loginErrorDisplayMs, messageDisplayMs } from '@pharma/contracts';
import { SvgIcon } from '../../../components/svg-icon';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { authorize } from '../api/authorize';

type FieldName = keyof typeof authorizeBody.shape;
const fieldNames = Object.keys(authorizeBody.shape) as FieldName[];
/** A field's message: a `validation:` key of the contracts' check, or the server's own words. */
type FieldError = { key: string; params?: Record<string, unknown> } | { text: string };
type Values = Record<FieldName, string>;

/**
 * The sign-in form in plain elements (decision 043): the contracts' `authorizeBody` checks each field as it
 * changes and the whole form on submit — the same messages, on the same fields, and the same general notice
 * ('Please fill in all required fields.') as the app's antd forms (components/zod-form.ts); the server's
 * message stays 3 s (spec §4), its field messages land on the fields.
 */
export function SignInForm() {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Values>({ login: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldError>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ key: string } | null>(null);
  const [reveal, setReveal] = useState(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (!failure) return;
    const timer = window.setTimeout(() => setFailure(null), loginErrorDisplayMs);
    return () => window.clearTimeout(timer);
  }, [failure]);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), messageDisplayMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const check = (name: FieldName, value: string): FieldError | undefined => {
    const result = authorizeBody.shape[name].safeParse(value);
    if (result.success) return undefined;
    const [issue] = fieldIssues(result.error);
    return issue ? { key: issue.key, params: issue.params } : { key: 'invalid' };
  };
  const change = (name: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((was) => ({ ...was, [name]: value }));
    setErrors((was) => ({ ...was, [name]: check(name, value) }));
  };
  const shown = (error: FieldError | undefined) => (!error ? null : 'text' in error ? error.text : t(`validation:${error.key}`, error.params));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = authorizeBody.safeParse(values);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path, { key: issue.key, params: issue.params }])));
      const first = issues[0]?.path as FieldName | undefined;
      if (first) inputs.current[first]?.focus();
      setNotice({ key: issues.some((issue) => issue.key === 'required') ? 'errors:REQUIRED_FIELDS_MISSING' : 'errors:VALIDATION_FAILED' });
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      // on success the app opens in place of this screen: the button stays busy until then
      await authorize(parsed.data);
    } catch (error) {
      setPending(false);
      setFailure(errorMessage(error));
      if (isApiError(error)) {
        const onFields = fieldNames.filter((name) => error.fields[name]);
        if (onFields.length > 0) setErrors(Object.fromEntries(onFields.map((name) => [name, { text: error.fields[name]! }])));
      }
    }
  };

  const field = (name: FieldName, icon: typeof UserOutlined, input: ComponentProps<'input'>, suffix?: ReactElement) => {
    const error = shown(errors[name]);
    return (
      <div className="sign-in-field">
        <label htmlFor={name}>{t(`fields.${name}.label`)}</label>
        <div className={error ? 'sign-in-input sign-in-input--error' : 'sign-in-input'}>
          <SvgIcon icon={icon} className="sign-in-input__prefix" />
          <input
            ref={(element) => {
              inputs.current[name] = element;
            }}
            id={name}
            name={name}
            value={values[name]}
            onChange={change(name)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${name}_help` : undefined}
            {...input}
          />
          {suffix}
        </div>
        <div id={`${name}_help`} className="sign-in-field__error" aria-live="polite">
          {error}
        </div>
      </div>
    );
  };

  return (
    <>
      {notice ? (
        <div className="sign-in-notice" role="status">
          <SvgIcon icon={ExclamationCircleFilled} className="sign-in-notice__icon" />
          <span>{t(notice.key)}</span>
        </div>
      ) : null}
      <form className="sign-in-form" noValidate onSubmit={(event) => void submit(event)}>
        {field('login', UserOutlined, {
          type: 'text',
          autoComplete: 'username',
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
          autoFocus: true,
        })}
        {field(
          'password',
          LockOutlined,
          { type: reveal ? 'text' : 'password', autoComplete: 'current-password' },
          <button
            type="button"
            className="sign-in-input__reveal"
            aria-label={t('actions.showCharacters')}
            aria-pressed={reveal}
            onClick={() => setReveal((was) => !was)}
          >
            <SvgIcon icon={reveal ? EyeOutlined : EyeInvisibleOutlined} />
          </button>,
        )}
        {failure ? (
          <div className="sign-in-alert" role="alert">
            <SvgIcon icon={CloseCircleFilled} className="sign-in-alert__icon" />
            <span>{failure}</span>
          </div>
        ) : null}
        <button type="submit" className="sign-in-submit" aria-busy={pending || undefined}>
          {pending ? <SvgIcon icon={LoadingOutlined} spin /> : null}
          <span>{t('actions.signIn')}</span>
        </button>
      </form>
    </>
  );
}
