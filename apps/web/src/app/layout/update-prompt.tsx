import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open app asks whether a new version was deployed (a rep keeps it open all day). */
const checkEveryMs = 60 * 60 * 1000;

/**
 * The service worker (issue 16): registered from the root path (spec §7); a new version waits until the
 * user reloads — it never swaps the code under a form being filled — and is announced here.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), checkEveryMs);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <Alert
        type="info"
        showIcon
        title={t('update.ready')}
        closable={{ onClose: () => setNeedRefresh(false), 'aria-label': t('actions.close') }}
        action={
          <Button type="primary" size="small" onClick={() => void updateServiceWorker(true)}>
            {t('update.reload')}
          </Button>
        }
      />
    </div>
  );
}
