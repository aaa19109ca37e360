import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Copyright } from '../../../components/copyright';
import { SupportPhone } from '../../../components/support-phone';
import { useSignInSupportPhone } from '../api/get-support-phone';
import { SignInForm } from '../components/sign-in-form';
import { SignInLanguageSwitch, SignInThemeToggle } from '../components/sign-in-controls';
import './login-page.css';

/**
 * /login: login and password; the server's message shown for 3 s (spec §4). The lightest screen (issue 16,
 * decision 043): React, i18next and plain elements styled by login-page.css in both themes — no antd, no
 * TanStack Query. It opens first when no session is kept (main.tsx), and inside the app after a sign-out.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const supportPhone = useSignInSupportPhone();

  useEffect(() => {
    document.title = t('common:app.documentTitle', { page: t('titles.signIn') });
  }, [t]);

  return (
    <div className="login-page">
      <div className="login-page__top">
        <SignInLanguageSwitch />
        <SignInThemeToggle />
      </div>
      <main className="login-page__main">
        <div className="login-card">
          <div className="login-card__brand">
            <svg viewBox="0 0 64 64" width="48" height="48" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#3d7bf7" />
              <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
            </svg>
            <h1>{t('common:app.name')}</h1>
            <span className="login-card__prompt">{t('messages.signInPrompt')}</span>
          </div>
          <SignInForm />
        </div>
      </main>
      <footer className="login-page__footer">
        <SupportPhone phone={supportPhone} />
        <Copyright />
      </footer>
    </div>
  );
}
