import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { authorizeBody, loginErrorDisplayMs, type AuthorizeBody } from '@pharma/contracts';
import { Copyright } from '../../../components/copyright';
import { SupportPhone } from '../../../components/support-phone';
import { LanguageSwitch } from '../../../components/language-switch';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useZodForm } from '../../../components/zod-form';
import { errorMessage } from '../../../lib/api-client';
import { useAuthorize } from '../api/authorize';

/** /login: login and password; the server's message shown for 3 s (spec §4). The route guard leaves on success. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const zf = useZodForm(authorizeBody);
  const authorize = useAuthorize();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = t('common:app.documentTitle', { page: t('titles.signIn') });
  }, [t]);

  useEffect(() => {
    if (!error) return;
    const timer = window.setTimeout(() => setError(null), loginErrorDisplayMs);
    return () => window.clearTimeout(timer);
  }, [error]);

  const submit = (body: AuthorizeBody) => {
    setError(null);
    authorize.mutate(body, { onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <div className="login-page">
      <div className="login-page__top">
        <LanguageSwitch />
        <ThemeToggle />
      </div>
      <main className="login-page__main">
        {/* a plain card: antd's Card brings its tabs to the lightest screen (issue 16) */}
        <div className="login-card">
          <div className="login-card__brand">
            <svg viewBox="0 0 64 64" width="48" height="48" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#3d7bf7" />
              <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
            </svg>
            <h1>{t('common:app.name')}</h1>
            <span className="cell-muted">{t('messages.signInPrompt')}</span>
          </div>
          <Form form={zf.form} layout="vertical" size="large" {...zf.submitHandlers(submit)} requiredMark={false}>
            <Form.Item name="login" label={t('fields.login.label')} rules={zf.rule('login')}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('fields.password.label')} rules={zf.rule('password')}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" block loading={authorize.isPending}>
              {t('actions.signIn')}
            </Button>
          </Form>
        </div>
      </main>
      <footer className="login-page__footer">
        <SupportPhone />
        <Copyright />
      </footer>
    </div>
  );
}
